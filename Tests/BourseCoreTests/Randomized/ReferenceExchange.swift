import BourseCore

/// A naive second implementation of docs/matching.md, written from the document alone.
///
/// Everything is plain: each book side is an array sorted by priority (best price first, then arrival)
/// and searched linearly; balances are nested dictionaries. It takes the same ``Command``s as
/// ``Exchange`` and returns the events the document prescribes, so the randomized suite can compare the
/// two event by event. Amounts are raw 10⁻⁸ units; products go through `Int128`.
struct ReferenceExchange {
    /// The listed markets in listing order, with their current state.
    private(set) var markets: [Market]
    /// Resting orders, two books per market: `books[2 × market]` holds bids (highest price first),
    /// `books[2 × market + 1]` asks (lowest price first); within a price, oldest first.
    var books: [[ReferenceOrder]]
    /// Trades per market, the `sequence` of the last one.
    var tradeCounts: [UInt64]
    /// Holdings of every account that has a balance row (one appears with its first deposit).
    var balances: [AccountID: [String: ReferenceBalance]] = [:]
    /// The exchange's fee pot per currency.
    var feesCollected: [String: Int64] = [:]
    /// Everything deposited per currency.
    var totalSupply: [String: Int64] = [:]
    /// Every identifier an account has ever used, with the order it named.
    var identifiers: [AccountID: [OrderIdentifier: OrderID]] = [:]

    init(markets: [Market]) {
        self.markets = markets
        books = Array(repeating: [], count: markets.count * 2)
        tradeCounts = Array(repeating: 0, count: markets.count)
    }

    // MARK: - Queries

    /// The position of `code` in ``markets``.
    func marketIndex(_ code: MarketCode) -> Int? { markets.firstIndex { $0.code == code } }

    /// Index into ``books`` of one side of one market.
    func bookIndex(_ market: Int, _ side: Side) -> Int { market * 2 + (side == .bid ? 0 : 1) }

    /// One side of a market, best first.
    func book(_ market: Int, _ side: Side) -> [ReferenceOrder] { books[bookIndex(market, side)] }

    /// The holding of `account` in `currency` (zero when it has none).
    func balance(_ account: AccountID, _ currency: String) -> ReferenceBalance {
        balances[account]?[currency] ?? ReferenceBalance()
    }

    /// Where the open order `id` rests.
    func locate(_ id: OrderID) -> (book: Int, index: Int)? {
        for book in books.indices {
            if let index = books[book].firstIndex(where: { $0.id == id }) { return (book, index) }
        }
        return nil
    }

    // MARK: - Commands

    /// Applies `command` and returns what docs/matching.md says happens.
    mutating func handle(_ command: Command, at time: Timestamp) -> [Event] {
        var events: [Event] = []
        switch command {
        case .place(let request):
            place(request, at: time, into: &events)
        case .cancel(let reference, let account):
            guard let (book, index) = openOrder(reference, of: account) else {
                let rejected = CommandRejected(account: account, command: .cancel(reference), reason: .orderNotFound)
                events.append(.rejected(rejected))
                break
            }
            let order = books[book].remove(at: index)
            end(order, .cancelled(.requested), into: &events)
        case .cancelAndReplace(let reference, let account, let replacement):
            replace(reference, of: account, with: replacement, at: time, into: &events)
        case .deposit(let account, let code, let amount):
            let currency = code.description
            let (supply, overflow) = totalSupply[currency, default: 0].addingReportingOverflow(amount.units)
            guard amount.units > 0, !overflow else {
                let command = RejectedCommand.deposit(currency: code, amount: amount)
                events.append(.rejected(CommandRejected(account: account, command: command, reason: .invalidFunds)))
                break
            }
            totalSupply[currency] = supply
            credit(account, currency, amount.units)
            events.append(.deposited(Deposited(account: account, currency: code, amount: amount)))
        case .setMarketState(let code, let state):
            guard let market = marketIndex(code) else { break }
            markets[market].state = state
            events.append(.marketStateChanged(code, state))
        case .withdraw, .advanceWithdrawal, .receiveDeposit, .confirmDeposit:
            // Transfers are checked by TransfersTests against their own model; the generator never makes them.
            preconditionFailure("the reference exchange does not model transfers: \(command)")
        case .listItem, .bid, .buyNow, .cancelItem, .advanceAuction:
            // Auctions are checked by AuctionRandomizedTests against the ledger audit; never generated here.
            preconditionFailure("the reference exchange does not model auctions: \(command)")
        }
        return events
    }

    /// The book position of `account`'s open order named by `reference`.
    private func openOrder(_ reference: OrderReference, of account: AccountID) -> (book: Int, index: Int)? {
        let id: OrderID
        switch reference {
        case .id(let value): id = value
        case .identifier(let text):
            guard let found = identifiers[account]?[text] else { return nil }
            id = found
        }
        guard let (book, index) = locate(id), books[book][index].account == account else { return nil }
        return (book, index)
    }

    private mutating func replace(
        _ reference: OrderReference, of account: AccountID, with replacement: ReplacementRequest,
        at time: Timestamp, into events: inout [Event]
    ) {
        func reject(_ reason: Rejection) {
            let command = RejectedCommand.cancelAndReplace(reference, replacement)
            events.append(.rejected(CommandRejected(account: account, command: command, reason: reason)))
        }
        guard let (book, index) = openOrder(reference, of: account) else { return reject(.orderNotFound) }
        if let identifier = replacement.identifier, identifiers[account]?[identifier] != nil {
            return reject(.duplicatedIdentifier)
        }
        let old = books[book].remove(at: index)
        end(old, .cancelled(.replaced), into: &events)
        var volume: Volume?
        switch replacement.volume {
        case .volume(let value): volume = value
        case .remainOnly: volume = Volume(units: old.remaining)
        case nil: volume = nil
        }
        // A `best` bid spends a total, which travels in `price`; its volume is dropped (see the report).
        if replacement.type == .best && old.side == .bid { volume = nil }
        let request = OrderRequest(
            id: replacement.id, account: account, market: old.market, side: old.side, type: replacement.type,
            price: replacement.price, volume: volume, timeInForce: replacement.timeInForce,
            selfTradePrevention: replacement.selfTradePrevention, identifier: replacement.identifier)
        place(request, at: time, into: &events)
    }
}
