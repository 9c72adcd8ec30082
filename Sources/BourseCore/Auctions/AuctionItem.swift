/// One item's sale as the writer keeps it: terms, state, the visible price and the secret leader.
///
/// ``leaderMaximum`` is the one secret the engine holds for a bidder: it is what the leader has locked in
/// the ledger, and shells must never publish it (bid histories show prices, never maxima).
public struct AuctionItem: Hashable, Codable, Sendable {
    /// The item's id, handed out by the writer at listing.
    public let id: ItemID
    /// What the seller asked; never changed after listing.
    public let terms: ItemTerms
    /// Where the sale is.
    public internal(set) var state: AuctionState
    /// The visible price: the start price until a bid, then what proxy bidding made it. At the end of a
    /// sale, what the winner paid.
    public internal(set) var price: Funds
    /// The account currently winning (the winner once `sold`); `nil` before the first bid.
    public internal(set) var leader: AccountID?
    /// The leader's secret maximum; what it has locked while the sale is live.
    public internal(set) var leaderMaximum: Funds = .zero
    /// Accepted bids, a leader's raise of its own maximum included.
    public internal(set) var bidCount: Int = 0
    /// The end every rule uses: ``ItemTerms/endsAt`` moved by soft-close extensions.
    public internal(set) var effectiveEndsAt: Timestamp
    /// `true` when the sale ended by a buy-now purchase.
    public internal(set) var boughtNow = false
    /// The item's change counter: 1 at listing, +1 for each public change, with no gaps, so a subscriber
    /// can resume from the last number it saw.
    public internal(set) var sequence: UInt64 = 1

    /// A freshly listed item: `live` at once if bidding has opened by `time`.
    init(id: ItemID, terms: ItemTerms, at time: Timestamp) {
        self.id = id
        self.terms = terms
        state = time >= terms.startsAt ? .live : .scheduled
        price = terms.startPrice
        effectiveEndsAt = terms.endsAt
    }

    // MARK: - What the public sees

    /// The reserve as the public may know it.
    public var reserve: ReserveState {
        guard let reservePrice = terms.reservePrice else { return ReserveState.none }
        return leader != nil && leaderMaximum >= reservePrice ? .met : .notMet
    }

    /// The buy-now price while it is offered: it disappears at the first bid, or, for an item with a
    /// reserve, once the reserve is met; `nil` when gone or never set.
    public var buyNowPrice: Funds? {
        guard state == .live || state == .scheduled else { return nil }
        if terms.reservePrice != nil { return reserve == .met ? nil : terms.buyNowPrice }
        return bidCount == 0 ? terms.buyNowPrice : nil
    }

    /// The lowest maximum a new bid may carry: the start price before any bid, then the price plus one
    /// step; `nil` if that does not fit in an amount (no bid can then be accepted).
    public var minimumBid: Funds? {
        leader == nil ? terms.startPrice : price.adding(terms.increments.step(at: price))
    }

    /// `true` while `time` is inside the sale: live and before the effective end. A live item past its end
    /// takes no bid even before the writer's close reaches it.
    public func isOpen(at time: Timestamp) -> Bool {
        state == .live && time < effectiveEndsAt
    }

    /// The next moment at which the writer must advance this item (open it, or close it), or `nil` once
    /// it is over.
    public var deadline: Timestamp? {
        switch state {
        case .scheduled: terms.startsAt
        case .live: effectiveEndsAt
        case .sold, .unsold, .cancelled: nil
        }
    }

    /// The effective end after a bid accepted at `time`: a bid in the last ``ItemTerms/softCloseSeconds``
    /// moves it to the bid's time plus ``ItemTerms/extensionSeconds``, never earlier than it was and never
    /// past the hard end.
    func extendedEnd(afterBidAt time: Timestamp) -> Timestamp {
        let window = terms.softCloseSeconds * 1_000
        guard time.milliseconds >= effectiveEndsAt.milliseconds - window else { return effectiveEndsAt }
        var end = Timestamp(milliseconds: time.milliseconds + terms.extensionSeconds * 1_000)
        if let hardEndAt = terms.hardEndAt { end = min(end, hardEndAt) }
        return max(end, effectiveEndsAt)
    }

    /// The account whose lock this item holds in the ledger, and how much, while it is live.
    var lock: (account: AccountID, amount: Funds)? {
        guard state == .live, let leader else { return nil }
        return (leader, leaderMaximum)
    }

    /// Counts one public change and returns its number.
    mutating func nextSequence() -> UInt64 {
        sequence += 1
        return sequence
    }
}
