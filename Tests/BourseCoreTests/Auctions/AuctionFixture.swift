import Testing

@testable import BourseCore

let seller = AccountID(10)
let dave = AccountID(4)

/// `amount` whole won.
func won(_ amount: Int64) -> Funds { Funds(units: amount * fixedPointScale) }

/// `seconds` after `t0`.
func at(_ seconds: Int64) -> Timestamp { Timestamp(milliseconds: t0.milliseconds + seconds * 1_000) }

/// An exchange where Alice, Bob and Carol hold 1,000,000 KRW each and the seller holds nothing; every
/// command is followed by a full ledger audit.
struct AuctionFixture {
    var exchange = Exchange(markets: [Market(code: krwBTC)])
    var nextID: UInt64 = 100

    init(funding: Int64 = 1_000_000) {
        for account in [alice, bob, carol] {
            _ = exchange.handle(.deposit(account, currency: "KRW", amount: won(funding)), at: t0)
        }
    }

    /// Lists an item with the contract's defaults, live from `t0` and ending an hour later.
    mutating func list(
        start: Int64 = 10_000, reserve: Int64? = nil, buyNow: Int64? = nil, startsAt: Int64 = 0, endsAt: Int64 = 3_600,
        hardEndAt: Int64? = nil, increments: IncrementTable = .standard
    ) -> ItemID {
        let terms = ItemTerms(
            seller: seller, startPrice: won(start), reservePrice: reserve.map(won), buyNowPrice: buyNow.map(won),
            startsAt: at(startsAt), endsAt: at(endsAt), hardEndAt: hardEndAt.map(at), increments: increments)
        let id = ItemID(nextID)
        nextID += 1
        let events = run(.listItem(id, terms), at: 0)
        #expect(events.count == 1 && events.first?.sequence == 1, "\(events)")
        return id
    }

    /// Runs `command` at `seconds` after `t0` and returns its auction events.
    @discardableResult
    mutating func run(_ command: Command, at seconds: Int64 = 60) -> [AuctionEvent] {
        let events = exchange.handle(command, at: at(seconds))
        #expect(exchange.auditViolations() == [], "after \(command)")
        return events.compactMap { event in
            guard case .auction(let auction) = event else { return nil }
            return auction
        }
    }

    /// `account` bids up to `maximum` won.
    @discardableResult
    mutating func bid(
        _ account: AccountID, _ maximum: Int64, on item: ItemID, at seconds: Int64 = 60
    )
        -> [AuctionEvent]
    {
        run(.bid(item, account: account, maximum: won(maximum)), at: seconds)
    }

    func item(_ id: ItemID) -> AuctionItem { exchange.auctions.item(id)! }

    /// The account's KRW in whole won.
    func krw(_ account: AccountID) -> (available: Int64, locked: Int64) {
        let balance = exchange.ledger.balance(of: account, "KRW")
        return (balance.balance.units / fixedPointScale, balance.locked.units / fixedPointScale)
    }
}

// MARK: - Reading events

extension [AuctionEvent] {
    /// The only accepted bid among these events.
    var accepted: BidAccepted? {
        compactMap { event -> BidAccepted? in
            guard case .bidAccepted(let bid) = event else { return nil }
            return bid
        }.first
    }

    /// The refusal among these events, if any.
    var rejection: AuctionRejection? {
        compactMap { event -> AuctionRejection? in
            guard case .rejected(let rejected) = event else { return nil }
            return rejected.reason
        }.first
    }

    /// The end among these events, if any.
    var ended: AuctionEnded? {
        compactMap { event -> AuctionEnded? in
            guard case .ended(let ended) = event else { return nil }
            return ended
        }.first
    }
}
