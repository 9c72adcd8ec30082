public import BourseCore

/// One accepted bid as an item's public history shows it (auction-api.md §2, `GET /items/{id}/bids`): who,
/// the price it left, whether it took the lead, and when; never the bidder's secret maximum.
///
/// Written by the journal commit that accepted the bid, so the history has every acknowledged bid after a
/// crash, exactly as the ledger does.
public struct AuctionBidRecord: Hashable, Sendable {
    /// The item's id.
    public var item: ItemID
    /// The item's sequence after the bid.
    public var sequence: UInt64
    /// The account that bid.
    public var bidder: AccountID
    /// The visible price after the bid.
    public var price: Funds
    /// Whether the bidder leads after it (a bid under the leader's maximum only raises the price).
    public var leading: Bool
    /// When the writer accepted it.
    public var time: Timestamp

    /// A bid record.
    public init(item: ItemID, sequence: UInt64, bidder: AccountID, price: Funds, leading: Bool, time: Timestamp) {
        self.item = item
        self.sequence = sequence
        self.bidder = bidder
        self.price = price
        self.leading = leading
        self.time = time
    }

    /// The records of `events`' accepted bids.
    public static func bids(of events: some Sequence<Event>) -> [AuctionBidRecord] {
        events.compactMap { event in
            guard case .auction(.bidAccepted(let bid)) = event else { return nil }
            return AuctionBidRecord(
                item: bid.item, sequence: bid.sequence, bidder: bid.bidder, price: bid.price, leading: bid.leading,
                time: bid.time)
        }
    }
}
