/// A listing's photo ids as stored: decimal ids separated by commas, in order (`"3,1,2"`).
public enum ListingPhotos {
    /// `ids` as stored text.
    public static func text(_ ids: [UInt64]) -> String { ids.map(String.init).joined(separator: ",") }

    /// The ids of stored `text` (anything unreadable is skipped).
    public static func ids(_ text: String) -> [UInt64] { text.split(separator: ",").compactMap { UInt64($0) } }
}
