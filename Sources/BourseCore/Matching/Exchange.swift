/// The whole trading state: one ``MatchingEngine`` per market, the shared ``Ledger``, and the registry
/// of open orders and client identifiers.
///
/// `Exchange` is a value and a state machine: ``handle(_:at:into:)`` applies one command and appends
/// what happened. It does no I/O and reads no clock, so the same commands at the same times always give
/// the same events; that is what makes journal replay exact. A server runs exactly one writer over it.
public struct Exchange: Sendable {
    /// Balances, locks and collected fees.
    public internal(set) var ledger = Ledger()
    var engines: ContiguousArray<MatchingEngine> = []
    /// Each listed market's engine slot.
    private(set) var marketSlots: [MarketCode: Int32] = [:]
    private var lastMarket: (code: MarketCode, slot: Int32)?
    var index = SlotIndex()
    private var identifiers = ClientIdentifiers()
    /// Withdrawals and coin deposits under way.
    public internal(set) var transfers = Transfers()
    /// Every auction item; its bids lock KRW in ``ledger``.
    public internal(set) var auctions = AuctionHouse()

    struct ClientIdentifier: Hashable, Codable {
        var account: AccountID
        var identifier: OrderIdentifier
    }

    /// An exchange listing `markets` (codes must be distinct).
    public init(markets: [Market]) {
        for market in markets { list(market) }
    }

    /// Adds a market; its currencies become known to the ledger.
    public mutating func list(_ market: Market) {
        precondition(marketSlots[market.code] == nil, "market \(market.code) listed twice")
        let slot = Int32(engines.count)
        engines.append(MatchingEngine(market: market, slot: slot, ledger: &ledger))
        marketSlots[market.code] = slot
    }

    /// The listed markets in listing order.
    public var markets: [Market] { engines.map(\.market) }

    /// The market's engine slot.
    @inline(__always) mutating func marketSlot(_ code: MarketCode) -> Int32? {
        if let last = lastMarket, last.code == code { return last.slot }
        guard let slot = marketSlots[code] else { return nil }
        lastMarket = (code, slot)
        return slot
    }

    // MARK: - Commands

    /// Applies `command` at `time` and returns what happened. Convenient in tests; the hot path uses
    /// ``handle(_:at:into:)`` with a reused buffer.
    public mutating func handle(_ command: Command, at time: Timestamp) -> [Event] {
        var events: [Event] = []
        handle(command, at: time, into: &events)
        return events
    }

    /// Applies `command` at `time`, appending its events to `events` (which is not cleared).
    public mutating func handle(_ command: Command, at time: Timestamp, into events: inout [Event]) {
        switch command {
        case .place(let request):
            place(request, at: time, into: &events)
        case .cancel(let reference, let account):
            guard let (marketSlot, bookSlot) = openOrder(reference, of: account) else {
                events.append(
                    .rejected(CommandRejected(account: account, command: .cancel(reference), reason: .orderNotFound)))
                return
            }
            engines[Int(marketSlot)].cancel(
                bookSlot, reason: .requested, ledger: &ledger, index: &index, events: &events)
        case .cancelAndReplace(let reference, let account, let replacement):
            replace(reference, of: account, with: replacement, at: time, into: &events)
        case .deposit(let account, let currency, let amount):
            let slot = ledger.openSlot(for: account)
            let currencyIndex = ledger.currency(currency.description)
            guard amount.units > 0, ledger.deposit(slot, currencyIndex, amount.units) else {
                let rejected = RejectedCommand.deposit(currency: currency, amount: amount)
                events.append(.rejected(CommandRejected(account: account, command: rejected, reason: .invalidFunds)))
                return
            }
            events.append(.deposited(Deposited(account: account, currency: currency, amount: amount)))
        case .withdraw(let request):
            withdraw(request, at: time, into: &events)
        case .advanceWithdrawal(let id, let step, let account):
            advance(id, step, of: account, at: time, into: &events)
        case .receiveDeposit(let incoming):
            receive(incoming, at: time, into: &events)
        case .confirmDeposit(let id):
            confirm(id, at: time, into: &events)
        case .listItem(let id, let terms):
            listItem(id, terms, at: time, into: &events)
        case .bid(let id, let account, let maximum):
            bid(id, by: account, maximum: maximum, at: time, into: &events)
        case .buyNow(let id, let account):
            buyNow(id, by: account, at: time, into: &events)
        case .cancelItem(let id, let account):
            cancelItem(id, by: account, at: time, into: &events)
        case .advanceAuction(let id):
            advanceAuction(id, at: time, into: &events)
        case .setMarketState(let code, let state):
            guard let slot = marketSlot(code) else { return }
            engines[Int(slot)].market.state = state
            events.append(.marketStateChanged(code, state))
        }
    }

    private mutating func place(_ request: OrderRequest, at time: Timestamp, into events: inout [Event]) {
        assert(index.value(for: request.id.rawValue) == nil, "order id \(request.id) is already open")
        func reject(_ reason: Rejection) {
            events.append(
                .rejected(CommandRejected(account: request.account, command: .place(request), reason: reason)))
        }
        guard let slot = marketSlot(request.market) else { return reject(.marketNotFound) }
        if let identifier = request.identifier {
            let key = ClientIdentifier(account: request.account, identifier: identifier)
            guard identifiers[key] == nil else { return reject(.duplicatedIdentifier) }
            // Used forever from here on, even if the order is refused below.
            identifiers[key] = request.id
        }
        guard engines[Int(slot)].market.state == .active else { return reject(.marketOffline) }
        engines[Int(slot)].place(request, at: time, ledger: &ledger, index: &index, events: &events)
    }

    private mutating func replace(
        _ reference: OrderReference, of account: AccountID, with replacement: ReplacementRequest,
        at time: Timestamp, into events: inout [Event]
    ) {
        func reject(_ reason: Rejection) {
            let command = RejectedCommand.cancelAndReplace(reference, replacement)
            events.append(.rejected(CommandRejected(account: account, command: command, reason: reason)))
        }
        guard let (marketSlot, bookSlot) = openOrder(reference, of: account) else {
            return reject(.orderNotFound)
        }
        if let identifier = replacement.identifier,
            identifiers[ClientIdentifier(account: account, identifier: identifier)] != nil
        {
            return reject(.duplicatedIdentifier)
        }
        let (oldSide, oldRemaining) = engines[Int(marketSlot)].book.sideAndRemaining(bookSlot)
        let code = engines[Int(marketSlot)].market.code
        engines[Int(marketSlot)].cancel(bookSlot, reason: .replaced, ledger: &ledger, index: &index, events: &events)
        var volume: Volume?
        switch replacement.volume {
        case .volume(let value): volume = value
        case .remainOnly: volume = Volume(units: oldRemaining)
        case nil: volume = nil
        }
        if replacement.type == .best && oldSide == .bid { volume = nil }
        let request = OrderRequest(
            id: replacement.id, account: account, market: code, side: oldSide, type: replacement.type,
            price: replacement.price, volume: volume, timeInForce: replacement.timeInForce,
            selfTradePrevention: replacement.selfTradePrevention, identifier: replacement.identifier)
        place(request, at: time, into: &events)
    }

    /// The market and book slots of `account`'s open order named by `reference`.
    private func openOrder(_ reference: OrderReference, of account: AccountID) -> (Int32, Int32)? {
        let id: OrderID
        switch reference {
        case .id(let value): id = value
        case .identifier(let text):
            guard let found = identifiers[ClientIdentifier(account: account, identifier: text)] else { return nil }
            id = found
        }
        guard let packed = index.value(for: id.rawValue) else { return nil }
        let marketSlot = Int32(truncatingIfNeeded: packed >> 32)
        let bookSlot = Int32(truncatingIfNeeded: packed & 0xFFFF_FFFF)
        guard engines[Int(marketSlot)].book[bookSlot].account == account else { return nil }
        return (marketSlot, bookSlot)
    }
}

// `lastMarket` is only a lookup cache in front of `marketSlots`, refilled on the next lookup; it is left out of
// snapshots and of equality, so a restored exchange equals the original whatever market was last looked up.
extension Exchange: Codable, Equatable {
    private enum CodingKeys: String, CodingKey {
        case ledger, engines, marketSlots, index, identifiers, transfers, auctions
    }

    /// Equal books, ledgers, order index, client identifiers, transfers and auctions (the market lookup
    /// cache is ignored).
    public static func == (lhs: Exchange, rhs: Exchange) -> Bool {
        lhs.ledger == rhs.ledger && lhs.engines == rhs.engines && lhs.marketSlots == rhs.marketSlots
            && lhs.index == rhs.index && lhs.identifiers == rhs.identifiers && lhs.transfers == rhs.transfers
            && lhs.auctions == rhs.auctions
    }
}
