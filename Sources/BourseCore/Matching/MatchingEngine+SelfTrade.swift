extension MatchingEngine {
    /// Applies the taker's self-trade prevention mode against its own resting order at `makerSlot`.
    /// Returns `true` if matching goes on, `false` if the taker stops (`cancel_taker`).
    mutating func preventSelfTrade(
        _ taker: inout WorkingOrder, makerSlot: Int32, mode: SelfTradePrevention,
        ledger: inout Ledger, index: inout SlotIndex, events: inout [Event]
    ) -> Bool {
        let maker = book[makerSlot]
        var prevented = SelfTradePrevented(
            market: market.code, account: taker.account, makerOrder: maker.id, takerOrder: taker.id, mode: mode,
            price: Price(units: maker.price), volume: .zero)
        switch mode {
        case .cancelMaker:
            prevented.volume = Volume(units: maker.remaining)
            events.append(.prevented(prevented))
            book.withOrder(makerSlot) { $0.preventedVolume += maker.remaining }
            cancel(makerSlot, reason: .selfTradePrevention, ledger: &ledger, index: &index, events: &events)
            return true
        case .cancelTaker:
            let volume = taker.available(at: maker.price)
            prevented.volume = Volume(units: volume)
            taker.preventedVolume += volume
            events.append(.prevented(prevented))
            return false
        case .reduce:
            let volume = min(maker.remaining, taker.available(at: maker.price))
            prevented.volume = Volume(units: volume)
            events.append(.prevented(prevented))
            taker.preventedVolume += volume
            if taker.isBudget {
                let funds = Funds.value(of: Volume(units: volume), at: Price(units: maker.price), rounding: .down)!
                taker.budget -= funds.units
            } else {
                taker.remaining -= volume
            }
            book.reduce(makerSlot, by: volume)
            book.withOrder(makerSlot) { $0.preventedVolume += volume }
            if book[makerSlot].remaining == 0 {
                cancel(makerSlot, reason: .selfTradePrevention, ledger: &ledger, index: &index, events: &events)
            } else {
                let currency = lockCurrency(maker.side)
                book.withOrder(makerSlot) { Self.trimLock(&$0, currency: currency, ledger: &ledger) }
            }
            return true
        }
    }

    /// Whether a fill-or-kill order would fill completely, walking the book as ``match`` would without
    /// changing anything. Prevented volume does not count as filled.
    func canFill(_ taker: WorkingOrder, mode: SelfTradePrevention) -> Bool {
        var remaining = taker.remaining
        var budget = taker.budget
        let opposite = book.side(taker.side.opposite)
        for levelSlot in opposite.levelsBestFirst {
            let level = book.level(levelSlot)
            guard Self.crosses(taker.side, limit: taker.price, level.price) else { return false }
            var orderSlot = level.head
            while orderSlot >= 0 {
                let maker = book[orderSlot]
                orderSlot = maker.next
                if maker.account == taker.account {
                    if mode == .cancelMaker { continue }
                    return false
                }
                if taker.isBudget {
                    var probe = taker
                    probe.budget = budget
                    let wanted = probe.available(at: level.price)
                    if wanted == 0 { return true }
                    let volume = min(wanted, maker.remaining)
                    budget -=
                        Funds.value(of: Volume(units: volume), at: Price(units: level.price), rounding: .down)!.units
                    probe.budget = budget
                    // Filled once what is left buys nothing here: the real match would stop as dust.
                    if probe.available(at: level.price) == 0 { return true }
                } else {
                    remaining -= min(remaining, maker.remaining)
                    if remaining == 0 { return true }
                }
            }
        }
        return false
    }
}
