extension MatchingEngine {
    /// Matches `taker` against the opposite side, best price first and oldest first within a price.
    mutating func match(
        _ taker: inout WorkingOrder, mode: SelfTradePrevention, at time: Timestamp,
        ledger: inout Ledger, index: inout SlotIndex, events: inout [Event]
    ) -> Stop {
        let opposite = taker.side.opposite
        while true {
            if taker.isBudget ? taker.budget == 0 : taker.remaining == 0 { return .filled }
            guard let levelSlot = book.bestLevel(opposite) else { return .exhausted }
            let level = book.level(levelSlot)
            guard Self.crosses(taker.side, limit: taker.price, level.price) else { return .exhausted }
            let makerSlot = level.head
            let maker = book[makerSlot]
            let wanted = taker.available(at: level.price)
            if wanted == 0 { return .dust }
            if maker.account == taker.account {
                if preventSelfTrade(
                    &taker, makerSlot: makerSlot, mode: mode, ledger: &ledger, index: &index, events: &events)
                {
                    continue
                }
                return .cancelTaker
            }
            fill(
                &taker, makerSlot: makerSlot, volume: min(wanted, maker.remaining), at: time,
                ledger: &ledger, index: &index, events: &events)
        }
    }

    /// Trades `volume` between `taker` and the resting order at `makerSlot`, at the maker's price.
    private mutating func fill(
        _ taker: inout WorkingOrder, makerSlot: Int32, volume: Int64, at time: Timestamp,
        ledger: inout Ledger, index: inout SlotIndex, events: inout [Event]
    ) {
        let price = book[makerSlot].price
        let funds = Funds.value(of: Volume(units: volume), at: Price(units: price), rounding: .down)!.units
        let takerFee = taker.chargeFee(funds: funds, rate: market.takerFee.units)
        taker.executedVolume += volume
        taker.executedFunds += funds
        if taker.isBudget { taker.budget -= funds } else { taker.remaining -= volume }
        let makerRate = market.makerFee.units
        let (maker, makerFee) = book.withOrder(makerSlot) { maker in
            maker.executedVolume += volume
            maker.executedFunds += funds
            return (maker, maker.chargeFee(funds: funds, rate: makerRate))
        }
        book.reduce(makerSlot, by: volume)

        if taker.side == .bid {
            settle(
                buyer: &taker, buyerFee: takerFee, sellerSlot: makerSlot, sellerFee: makerFee,
                volume: volume, funds: funds, ledger: &ledger)
        } else {
            settle(
                sellerOrder: &taker, sellerFee: takerFee, buyerSlot: makerSlot, buyerFee: makerFee,
                volume: volume, funds: funds, ledger: &ledger)
        }
        tradeCount += 1
        events.append(
            .traded(
                Trade(
                    market: market.code, sequence: tradeCount, price: Price(units: price),
                    volume: Volume(units: volume),
                    funds: Funds(units: funds), takerSide: taker.side, makerOrder: maker.id,
                    makerAccount: maker.account, takerOrder: taker.id, takerAccount: taker.account,
                    makerFee: Funds(units: makerFee), takerFee: Funds(units: takerFee), time: time)))
        if book[makerSlot].remaining == 0 {
            let finished = book.remove(makerSlot)
            index.remove(finished.id.rawValue)
            finish(
                finished, finished.preventedVolume > 0 ? .cancelled(.selfTradePrevention) : .done,
                ledger: &ledger, events: &events)
        }
    }

    /// The incoming order buys from the resting ask at `sellerSlot`.
    private mutating func settle(
        buyer: inout WorkingOrder, buyerFee: Int64, sellerSlot: Int32, sellerFee: Int64,
        volume: Int64, funds: Int64, ledger: inout Ledger
    ) {
        buyer.lock -= funds + buyerFee
        book.withOrder(sellerSlot) { $0.lock -= volume }
        move(
            buyer: buyer.accountSlot, buyerFee: buyerFee, seller: book[sellerSlot].accountSlot, sellerFee: sellerFee,
            volume: volume, funds: funds, ledger: &ledger)
    }

    /// The incoming order sells to the resting bid at `buyerSlot`.
    private mutating func settle(
        sellerOrder: inout WorkingOrder, sellerFee: Int64, buyerSlot: Int32, buyerFee: Int64,
        volume: Int64, funds: Int64, ledger: inout Ledger
    ) {
        sellerOrder.lock -= volume
        book.withOrder(buyerSlot) { $0.lock -= funds + buyerFee }
        move(
            buyer: book[buyerSlot].accountSlot, buyerFee: buyerFee, seller: sellerOrder.accountSlot,
            sellerFee: sellerFee, volume: volume, funds: funds, ledger: &ledger)
    }

    /// Moves a fill's funds and volume between the two accounts' locked and available balances.
    private func move(
        buyer: Int32, buyerFee: Int64, seller: Int32, sellerFee: Int64, volume: Int64, funds: Int64,
        ledger: inout Ledger
    ) {
        ledger.spendLocked(buyer, quote, funds + buyerFee)
        ledger.resetAverageIfEmpty(buyer, quote)
        ledger.recordBuy(buyer, base: base, quote: quote, volume: volume, funds: funds)
        ledger.credit(buyer, base, volume)
        ledger.spendLocked(seller, base, volume)
        ledger.credit(seller, quote, funds - sellerFee)
        ledger.resetAverageIfEmpty(seller, base)
        ledger.collectFee(quote, buyerFee + sellerFee)
    }
}
