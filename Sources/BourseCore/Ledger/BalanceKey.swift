/// One account's balance of one currency: what a change to the ledger touches.
public struct BalanceKey: Hashable, Sendable {
    /// Whose it is: the ledger account, not the API key.
    public var account: AccountID
    /// The currency's code as listed (`KRW`, `BTC`), upper case.
    public var currency: CurrencyCode

    /// Builds it from exactly these parts; nothing is checked or derived here.
    public init(account: AccountID, currency: CurrencyCode) {
        self.account = account
        self.currency = currency
    }
}

extension Event {
    /// Adds the balances this event may have changed (available or locked) to `keys`: both currencies of
    /// the market for order events, both accounts for a trade, the credited currency for a deposit, the KRW
    /// of each account an auction's bid, outbid or end moved.
    public func touchedBalances(into keys: inout Set<BalanceKey>) {
        func both(_ account: AccountID, _ market: MarketCode) {
            keys.insert(BalanceKey(account: account, currency: market.quoteCode))
            keys.insert(BalanceKey(account: account, currency: market.baseCode))
        }
        switch self {
        case .accepted(let accepted): both(accepted.request.account, accepted.request.market)
        case .traded(let trade):
            both(trade.makerAccount, trade.market)
            both(trade.takerAccount, trade.market)
        case .prevented(let prevented): both(prevented.account, prevented.market)
        case .rested(let rested): both(rested.account, rested.market)
        case .done(let done): both(done.account, done.market)
        case .cancelled(let cancelled): both(cancelled.account, cancelled.market)
        case .deposited(let deposited):
            keys.insert(BalanceKey(account: deposited.account, currency: deposited.currency))
        case .withdrawal(let withdrawal):
            keys.insert(BalanceKey(account: withdrawal.account, currency: withdrawal.currency))
        case .coinDeposit(let deposit) where deposit.state == .accepted:
            keys.insert(BalanceKey(account: deposit.account, currency: deposit.currency))
        case .auction(let event): event.touchedBalances(into: &keys)
        case .rejected, .marketStateChanged, .coinDeposit: break
        }
    }
}

extension AuctionEvent {
    /// The KRW balances this event may have changed: the bidder's (locked or refused at once), the outbid
    /// bidder's (released), the leader's and seller's at the end.
    func touchedBalances(into keys: inout Set<BalanceKey>) {
        func krw(_ account: AccountID) { keys.insert(BalanceKey(account: account, currency: AuctionHouse.currency)) }
        switch self {
        case .bidAccepted(let bid): krw(bid.bidder)
        case .outbid(let outbid): krw(outbid.account)
        case .ended(let ended):
            if let leader = ended.leader { krw(leader) }
            if ended.state == .sold { krw(ended.seller) }
        case .listed, .started, .reserveMet, .extended, .cancelled, .rejected: break
        }
    }
}
