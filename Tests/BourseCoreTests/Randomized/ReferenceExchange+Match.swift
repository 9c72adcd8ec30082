import BourseCore

extension ReferenceExchange {
    /// Why the matching loop stopped (docs/matching.md, "After matching").
    private enum Stop { case filled, exhausted, dust, cancelTaker }

    /// Runs an accepted order: the checks before matching, the matching loop, and what happens after.
    mutating func match(_ order: ReferenceOrder, in market: Int, at time: Timestamp, into events: inout [Event]) {
        var taker = order
        let opposite = bookIndex(market, taker.side.opposite)
        let crosses = crossing(taker, opposite: opposite)

        if taker.timeInForce == .postOnly, let best = books[opposite].first, crosses(best.price) {
            return end(taker, .cancelled(.postOnly), into: &events)
        }
        if taker.timeInForce == .fok, !canFillCompletely(taker, opposite: opposite, crosses: crosses) {
            return end(taker, .cancelled(.fillOrKill), into: &events)
        }

        let stop: Stop
        loop: while true {
            // 1.
            if taker.budget.map({ $0 == 0 }) ?? (taker.remaining == 0) {
                stop = .filled
                break
            }
            // 2.
            guard let maker = books[opposite].first, crosses(maker.price) else {
                stop = .exhausted
                break
            }
            // 3.
            let wanted = taker.budget.map { affordable($0, at: maker.price) } ?? taker.remaining
            if wanted == 0 {
                stop = .dust
                break
            }
            // 4.–5.
            if maker.account == taker.account {
                let mode = taker.selfTradePrevention ?? .cancelMaker
                func prevented(_ volume: Int64) {
                    events.append(
                        .prevented(
                            SelfTradePrevented(
                                market: taker.market, account: taker.account, makerOrder: maker.id,
                                takerOrder: taker.id, mode: mode, price: Price(units: maker.price),
                                volume: Volume(units: volume))))
                }
                switch mode {
                case .cancelMaker:
                    prevented(maker.remaining)
                    books[opposite].removeFirst()
                    end(maker, .cancelled(.selfTradePrevention), into: &events)
                case .cancelTaker:
                    prevented(wanted)
                    taker.preventedVolume += wanted
                    stop = .cancelTaker
                    break loop
                case .reduce:
                    let reduced = min(maker.remaining, wanted)
                    prevented(reduced)
                    if taker.budget != nil {
                        taker.budget! -= Self.funds(reduced, at: maker.price)
                    } else {
                        taker.remaining -= reduced
                    }
                    taker.preventedVolume += reduced
                    books[opposite][0].remaining -= reduced
                    books[opposite][0].preventedVolume += reduced
                    if books[opposite][0].remaining == 0 {
                        end(books[opposite].removeFirst(), .cancelled(.selfTradePrevention), into: &events)
                    } else {
                        var reducedMaker = books[opposite][0]
                        trimLock(of: &reducedMaker, in: market)
                        books[opposite][0] = reducedMaker
                    }
                }
                continue
            }
            // 6.
            trade(taker: &taker, volume: min(wanted, maker.remaining), in: market, at: time, into: &events)
        }

        switch stop {
        case .filled:
            end(taker, taker.preventedVolume > 0 ? .cancelled(.selfTradePrevention) : .done, into: &events)
        case .cancelTaker:
            end(taker, .cancelled(.selfTradePrevention), into: &events)
        case .dust:
            end(taker, .cancelled(.dust), into: &events)
        case .exhausted:
            if taker.type == .price || taker.type == .market {
                end(taker, .cancelled(.noLiquidity), into: &events)
            } else if taker.timeInForce == .ioc {
                end(taker, .cancelled(.immediateOrCancel), into: &events)
            } else if taker.timeInForce == .fok {
                end(taker, .cancelled(.fillOrKill), into: &events)
            } else {
                rest(taker, in: market, into: &events)
            }
        }
    }

    /// Whether a resting price crosses the taker's limit (docs/matching.md, "The limit an order trades at").
    private func crossing(_ taker: ReferenceOrder, opposite: Int) -> (Int64) -> Bool {
        let limit: Int64
        switch taker.type {
        case .limit: limit = taker.price
        case .price, .market: return { _ in true }
        case .best:
            // The best opposite price at arrival; with none, nothing crosses.
            guard let best = books[opposite].first?.price else { return { _ in false } }
            limit = best
        }
        let side = taker.side
        return { price in side == .bid ? price <= limit : price >= limit }
    }

    /// Trade funds: `⌊price × volume⌋`.
    private static func funds(_ volume: Int64, at price: Int64) -> Int64 {
        Funds.value(of: Volume(units: volume), at: Price(units: price), rounding: .down)!.units
    }

    /// `⌊budget / price⌋` in volume units, or 0 when that volume would cost 0 funds.
    private func affordable(_ budget: Int64, at price: Int64) -> Int64 {
        let volume = Funds(units: budget).affordableVolume(at: Price(units: price))!
        let cost = Funds.value(of: volume, at: Price(units: price), rounding: .down)
        return cost?.units == 0 ? 0 : volume.units
    }

    /// Fill-or-kill feasibility, as docs/matching.md walks it.
    private func canFillCompletely(_ taker: ReferenceOrder, opposite: Int, crosses: (Int64) -> Bool) -> Bool {
        var volume = taker.remaining
        var budget = taker.budget
        for maker in books[opposite] {
            guard crosses(maker.price) else { break }
            // Own orders are skipped (or end the walk) before anything else is looked at.
            if maker.account == taker.account {
                if (taker.selfTradePrevention ?? .cancelMaker) == .cancelMaker { continue }
                return false
            }
            if let left = budget {
                let wanted = affordable(left, at: maker.price)
                if wanted == 0 { return true }
                let rest = left - Self.funds(min(wanted, maker.remaining), at: maker.price)
                if affordable(rest, at: maker.price) == 0 { return true }
                budget = rest
            } else {
                volume -= min(volume, maker.remaining)
                if volume == 0 { return true }
            }
        }
        return false
    }

    /// One fill between the taker and the best resting order.
    private mutating func trade(
        taker: inout ReferenceOrder, volume: Int64, in market: Int, at time: Timestamp, into events: inout [Event]
    ) {
        let opposite = bookIndex(market, taker.side.opposite)
        let rules = markets[market]
        let price = books[opposite][0].price
        let funds = Self.funds(volume, at: price)
        let takerFee = taker.addFill(volume: volume, funds: funds, rate: rules.takerFee)
        let makerFee = books[opposite][0].addFill(volume: volume, funds: funds, rate: rules.makerFee)
        let maker = books[opposite][0]
        let code = rules.code
        let (buyer, buyerFee, seller, sellerFee) =
            taker.side == .bid
            ? (taker.account, takerFee, maker.account, makerFee) : (maker.account, makerFee, taker.account, takerFee)

        spendLocked(buyer, code.quote, funds + buyerFee)
        resetAverageIfEmpty(buyer, code.quote)
        recordBuy(buyer, base: code.base, quote: code.quote, volume: volume, funds: funds)
        credit(buyer, code.base, volume)
        spendLocked(seller, code.base, volume)
        credit(seller, code.quote, funds - sellerFee)
        resetAverageIfEmpty(seller, code.base)
        feesCollected[code.quote, default: 0] += makerFee + takerFee
        if taker.side == .bid {
            taker.lock -= funds + takerFee
            books[opposite][0].lock -= volume
        } else {
            taker.lock -= volume
            books[opposite][0].lock -= funds + makerFee
        }
        tradeCounts[market] += 1
        let trade = Trade(
            market: code, sequence: tradeCounts[market], price: Price(units: price), volume: Volume(units: volume),
            funds: Funds(units: funds), takerSide: taker.side, makerOrder: maker.id, makerAccount: maker.account,
            takerOrder: taker.id, takerAccount: taker.account, makerFee: Funds(units: makerFee),
            takerFee: Funds(units: takerFee), time: time)
        events.append(.traded(trade))

        if taker.budget != nil { taker.budget! -= funds } else { taker.remaining -= volume }
        books[opposite][0].remaining -= volume
        if books[opposite][0].remaining == 0 {
            let filled = books[opposite].removeFirst()
            end(filled, filled.preventedVolume > 0 ? .cancelled(.selfTradePrevention) : .done, into: &events)
        }
    }

    /// Trims a resting order's lock to what its future fills can use and releases the rest.
    private mutating func trimLock(of order: inout ReferenceOrder, in market: Int) {
        let kept = order.trimmedLock(reserveRate: markets[market].reservedFee)
        unlock(order.account, lockCurrency(order.market, order.side), order.lock - kept)
        order.lock = kept
    }

    /// Puts an exhausted limit order at the back of its price level.
    private mutating func rest(_ order: ReferenceOrder, in market: Int, into events: inout [Event]) {
        var order = order
        trimLock(of: &order, in: market)
        let book = bookIndex(market, order.side)
        let side = order.side
        let index = books[book].firstIndex { side == .bid ? $0.price < order.price : $0.price > order.price }
        books[book].insert(order, at: index ?? books[book].count)
        events.append(
            .rested(
                OrderRested(
                    order: order.id, account: order.account, market: order.market, side: side,
                    price: Price(units: order.price), remaining: Volume(units: order.remaining),
                    locked: Funds(units: order.lock))))
    }
}
