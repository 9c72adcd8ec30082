public import Foundation

/// What a seller lists: the words, the prices and the schedule of a new item (`POST /auction/v1/items`).
///
/// Times go to the server as epoch milliseconds, money as whole won; the server checks every rule (title
/// 1–120 characters, duration 60 s to 30 days, …) and answers `invalid_parameter` naming the one broken.
public struct AuctionListing: Hashable, Sendable {
    /// The title (1–120 characters).
    public var title: String
    /// The description (up to 5,000 characters).
    public var description: String
    /// The category (the server lowercases it).
    public var category: String
    /// Where bidding starts.
    public var startPrice: Won
    /// A hidden price under which the sale ends unsold.
    public var reservePrice: Won?
    /// A price that ends the sale at once, until a bid reaches it.
    public var buyNowPrice: Won?
    /// When bidding opens; now if `nil`.
    public var startsAt: Date?
    /// When bidding ends; if `nil`, `durationSeconds` after the start.
    public var endsAt: Date?
    /// How long bidding lasts when `endsAt` is `nil` (60 s – 30 days).
    public var durationSeconds: Int?
    /// A bid this close to the end extends it (the server's default: 120).
    public var softCloseSeconds: Int?
    /// By how much such a bid extends the end (the server's default: 120).
    public var extensionSeconds: Int?
    /// The latest the end may be extended to.
    public var hardEndAt: Date?
    /// The item's own increment table: `bound:step` bands and a last step (`10000:100,100000:1000,5000`),
    /// or one flat step (`1`); the server's standard table when nil.
    public var increments: String?

    /// A listing of `title` starting at `startPrice` for `durationSeconds`; the rest set as needed.
    public init(
        title: String, description: String = "", category: String = "other", startPrice: Won,
        durationSeconds: Int? = nil, endsAt: Date? = nil
    ) {
        self.title = title
        self.description = description
        self.category = category
        self.startPrice = startPrice
        self.durationSeconds = durationSeconds
        self.endsAt = endsAt
    }

    /// The form fields, in the names the server reads.
    var fields: [(String, String)] {
        var fields = [
            ("title", title), ("description", description), ("category", category),
            ("start_price", startPrice.description),
        ]
        if let reservePrice { fields.append(("reserve_price", reservePrice.description)) }
        if let buyNowPrice { fields.append(("buy_now_price", buyNowPrice.description)) }
        if let startsAt { fields.append(("starts_at", String(AuctionTime.milliseconds(startsAt)))) }
        if let endsAt { fields.append(("ends_at", String(AuctionTime.milliseconds(endsAt)))) }
        if let durationSeconds { fields.append(("duration_seconds", String(durationSeconds))) }
        if let softCloseSeconds { fields.append(("soft_close_seconds", String(softCloseSeconds))) }
        if let extensionSeconds { fields.append(("extension_seconds", String(extensionSeconds))) }
        if let hardEndAt { fields.append(("hard_end_at", String(AuctionTime.milliseconds(hardEndAt)))) }
        if let increments { fields.append(("increments", increments)) }
        return fields
    }
}
