extension Exchange {
    /// Every broken ledger or book invariant, as sentences; empty when the state is sound.
    ///
    /// Checks, from scratch: no negative balance or lock; per currency, all balances and locks plus fees
    /// collected equal the total supply (conservation); each account's locks equal what its open orders
    /// reserve plus its unfinished withdrawals' amounts and fees plus the maxima of the live auctions it
    /// leads; no book is crossed. It reads everything, so it is for recovery checks and tests, not for
    /// the matching path.
    public func auditViolations() -> [String] {
        var violations: [String] = []
        var reserved: [AccountID: [String: Int64]] = [:]
        for market in markets {
            guard let engine = engine(market.code) else { continue }
            if let bid = engine.bestBid, let ask = engine.bestAsk, bid >= ask {
                violations.append("\(market.code): book crossed (bid \(bid.units) ≥ ask \(ask.units))")
            }
            for side in Side.allCases {
                for order in engine.orders(side) {
                    let currency = side == .bid ? market.code.quote : market.code.base
                    reserved[order.account, default: [:]][currency, default: 0] += order.locked.units
                }
            }
        }
        for withdrawal in transfers.pendingWithdrawals {
            reserved[withdrawal.account, default: [:]][withdrawal.currency.description, default: 0] +=
                withdrawal.amount.units + withdrawal.fee.units
        }
        for (account, locked) in auctions.lockedByAccount {
            reserved[account, default: [:]][AuctionHouse.currency.description, default: 0] += locked.units
        }
        for currency in ledger.knownCurrencies {
            var held: Int64 = 0
            for account in ledger.knownAccounts {
                let balance = ledger.balance(of: account, currency)
                if balance.balance.units < 0 || balance.locked.units < 0 {
                    violations.append("account \(account) \(currency): negative balance or lock")
                }
                let expected = reserved[account]?[currency] ?? 0
                if balance.locked.units != expected {
                    violations.append(
                        "account \(account) \(currency): locked \(balance.locked.units) ≠ reserved \(expected)")
                }
                held += balance.balance.units + balance.locked.units
            }
            let supply = ledger.totalSupply(currency).units
            if held + ledger.feesCollected(currency).units != supply {
                violations.append("\(currency): holdings + fees ≠ supply \(supply)")
            }
        }
        return violations
    }
}
