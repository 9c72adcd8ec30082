import BourseCore

extension ReferenceExchange {
    /// The currency an order locks: quote for bids, base for asks.
    func lockCurrency(_ market: MarketCode, _ side: Side) -> String { side == .bid ? market.quote : market.base }

    /// Credits available (a deposit, a fill's proceeds, a released lock).
    mutating func credit(_ account: AccountID, _ currency: String, _ amount: Int64) {
        balances[account, default: [:]][currency, default: ReferenceBalance()].available += amount
    }

    /// Moves `amount` from available to locked; `false` if the account has no row or too little.
    mutating func lock(_ account: AccountID, _ currency: String, _ amount: Int64) -> Bool {
        guard balances[account] != nil, balance(account, currency).available >= amount else { return false }
        balances[account]![currency, default: ReferenceBalance()].available -= amount
        balances[account]![currency]!.locked += amount
        return true
    }

    /// Moves `amount` from locked back to available.
    mutating func unlock(_ account: AccountID, _ currency: String, _ amount: Int64) {
        balances[account]![currency]!.locked -= amount
        balances[account]![currency]!.available += amount
    }

    /// Takes `amount` out of locked: it is paid to the counterparty or as a fee.
    mutating func spendLocked(_ account: AccountID, _ currency: String, _ amount: Int64) {
        balances[account]![currency]!.locked -= amount
    }

    /// The average-price rule of a buy, applied before the bought volume is credited.
    ///
    /// Like the ledger's own reading of the rule: a holding without a unit (e.g. only deposited) counts as
    /// a first buy, as does an empty one.
    mutating func recordBuy(_ account: AccountID, base: String, quote: String, volume: Int64, funds: Int64) {
        var holding = balance(account, base)
        let held = holding.available + holding.locked
        let scaledFunds = Int128(funds) * Int128(fixedPointScale)
        if held == 0 || holding.averageUnit == nil {
            holding.averageUnit = quote
            holding.averageBuyPrice = Rounding.divide(scaledFunds, by: Int128(volume), .nearest) ?? 0
        } else if holding.averageUnit == quote {
            let cost = Int128(holding.averageBuyPrice) * Int128(held) + scaledFunds
            holding.averageBuyPrice = Rounding.divide(cost, by: Int128(held) + Int128(volume), .nearest) ?? 0
        }
        balances[account, default: [:]][base] = holding
    }

    /// A trade that empties a holding resets its average: the seller's base, and also the buyer's quote
    /// (spending BTC in a BTC market disposes of it as surely as selling it in a KRW market does;
    /// ``Balance/averageBuyPrice`` is documented as zero when nothing is held).
    mutating func resetAverageIfEmpty(_ account: AccountID, _ currency: String) {
        let holding = balance(account, currency)
        if holding.available + holding.locked == 0 {
            balances[account]![currency]!.averageBuyPrice = 0
            balances[account]![currency]!.averageUnit = nil
        }
    }

    /// Ends an order that is no longer in a book: releases its whole lock and emits `done` or `cancelled`.
    mutating func end(_ order: ReferenceOrder, _ ending: ReferenceEnding, into events: inout [Event]) {
        unlock(order.account, lockCurrency(order.market, order.side), order.lock)
        switch ending {
        case .done:
            events.append(
                .done(
                    OrderDone(
                        order: order.id, account: order.account, market: order.market,
                        released: Funds(units: order.lock))))
        case .cancelled(let reason):
            events.append(
                .cancelled(
                    OrderCancelled(
                        order: order.id, account: order.account, market: order.market, reason: reason,
                        remaining: Volume(units: order.unfilledVolume), released: Funds(units: order.lock))))
        }
    }
}
