public import BourseClient

/// The few ANSI escape sequences the terminal screens use.
public enum ANSI {
    /// Red: a rise (Korean convention).
    public static let red = "\u{1B}[31m"
    /// Blue: a fall.
    public static let blue = "\u{1B}[34m"
    /// Back to the terminal's default colours.
    public static let reset = "\u{1B}[0m"

    /// The colour of a price change; `nil` for unchanged.
    public static func colour(of change: PriceChange) -> String? {
        switch change {
        case .rise: red
        case .fall: blue
        case .even: nil
        }
    }

    /// `text` in `colour` (unchanged when `colour` is `nil`).
    public static func paint(_ text: String, _ colour: String?) -> String {
        guard let colour else { return text }
        return colour + text + reset
    }
}
