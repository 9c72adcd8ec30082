import BourseCore

extension MarketSimulator {
    static let millisecondsPerDay: Int128 = 86_400_000

    /// The taker orders of `elapsed` milliseconds in a ladder step: on average the market's orders per day
    /// for that share of a day (up to 12 a step), each worth its average order, most of them small and a few
    /// up to three times larger; market buys by total, market sells by volume, and some IOC limits.
    mutating func takeQuotes(_ index: Int, elapsed: Int64, budget: inout Budget, into commands: inout [Command]) {
        let liquidity = markets[index].demo.liquidity
        let expected = Int128(liquidity.ordersPerDay) * Int128(elapsed) * 1_000_000 / Self.millisecondsPerDay
        let count = random.count(trials: 12, perMillion: Int64(min(expected / 12, 1_000_000)))
        for _ in 0..<count {
            let value = orderValue(index, mean: Int128(liquidity.averageOrderUnits), aggregated: false)
            takerOrder(index, value: value, budget: &budget, into: &commands)
        }
    }

    private mutating func takerOrder(_ index: Int, value: Int64, budget: inout Budget, into commands: inout [Command]) {
        let book = markets[index]
        let buys = random.int(in: 0...999) < buyChancePerMille(index)
        let limit = random.chance(20)
        // An IOC limit goes 0.1 % through the fair price, or two grid steps where the ticks are coarser.
        let through = max(book.fair / 1_000, 2 * book.spacing)
        if buys {
            let spend = Budget.spend(value)
            guard let taker = taker(holding: spend, of: book.code.quoteCode, budget: budget) else { return }
            _ = budget.take(spend, of: book.code.quoteCode, from: taker)
            guard limit, let price = book.ticks.roundedDown(Price(units: book.fair + through)) else {
                commands.append(.place(.marketBuy(Self.placeholderID, taker, book.code, total: Funds(units: value))))
                return
            }
            let volume = Volume(units: Self.roundedVolume(Int128(value), at: price.units))
            commands.append(
                .place(
                    .limit(Self.placeholderID, taker, book.code, .bid, price: price, volume: volume, timeInForce: .ioc))
            )
        } else {
            let volume = Self.roundedVolume(Int128(value), at: book.fair)
            guard let taker = taker(holding: volume, of: book.code.baseCode, budget: budget) else { return }
            _ = budget.take(volume, of: book.code.baseCode, from: taker)
            guard limit, let price = book.ticks.roundedDown(Price(units: book.fair - through)) else {
                commands.append(
                    .place(.marketSell(Self.placeholderID, taker, book.code, volume: Volume(units: volume))))
                return
            }
            commands.append(
                .place(
                    .limit(
                        Self.placeholderID, taker, book.code, .ask, price: price, volume: Volume(units: volume),
                        timeInForce: .ioc)))
        }
    }

    /// A long step (more than ``ladderStepLimit``): the values move in four parts, and at each part's fair
    /// prices every market trades its share of the step's flow in a few pairs: the maker offers at the fair
    /// price and a taker takes exactly that. A few trades a market stand for the step (one per five minutes
    /// of it, at least two and at most four: every command costs backfill time), each as large as the flow
    /// it stands for (so 24-hour values and candles look alike in every stretch of history), at the fair
    /// price, since a ladder's spread over a four-hour move would be stale.
    mutating func tradeInPairs(elapsed: Int64, budget: inout Budget, into commands: inout [Command]) {
        // A long step only follows a short one when a live demo stood still: its ladders are stale.
        for index in markets.indices {
            let book = markets[index]
            for (id, quote) in book.quotes.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                budget.release(quote, of: book.maker, in: book.code)
                forget(id)
                commands.append(.cancel(.id(id), account: book.maker))
            }
        }
        let parts: Int64 = 4
        let most = Int128(min(max(elapsed / 300_000, 2), 4)) * 1_000_000
        for _ in 0..<parts {
            values.advance(milliseconds: elapsed / parts, random: &random)
            for index in markets.indices {
                markets[index].fair = values.price(base: markets[index].base, quote: markets[index].quote)
                let liquidity = markets[index].demo.liquidity
                let expected = Int128(liquidity.ordersPerDay) * Int128(elapsed) * 1_000_000 / Self.millisecondsPerDay
                let trades = min(expected, most)
                guard trades > 0 else { continue }
                let flow = Int128(liquidity.dailyValue.units) * Int128(elapsed) / Self.millisecondsPerDay
                let count = random.count(trials: 3, perMillion: Int64(trades / (Int128(parts) * 3)))
                for _ in 0..<count {
                    let value = orderValue(index, mean: flow * 1_000_000 / trades, aggregated: expected > trades)
                    pairedTrade(index, value: value, budget: &budget, into: &commands)
                }
            }
        }
    }

    private mutating func pairedTrade(_ index: Int, value: Int64, budget: inout Budget, into commands: inout [Command])
    {
        let book = markets[index]
        let takerSide: Side = random.int(in: 0...999) < buyChancePerMille(index) ? .bid : .ask
        guard let price = book.ticks.roundedDown(Price(units: book.fair)) else { return }
        let volume = Self.roundedVolume(Int128(value), at: price.units)
        let (makerCurrency, makerLock) = Budget.lock(takerSide.opposite, price: price.units, volume: volume, book.code)
        let (takerCurrency, takerLock) = Budget.lock(takerSide, price: price.units, volume: volume, book.code)
        guard volume > 0, budget.available(book.maker, makerCurrency) >= makerLock,
            let taker = taker(holding: takerLock, of: takerCurrency, budget: budget)
        else { return }
        _ = budget.take(makerLock, of: makerCurrency, from: book.maker)
        _ = budget.take(takerLock, of: takerCurrency, from: taker)
        commands.append(
            .place(
                .limit(
                    Self.placeholderID, book.maker, book.code, takerSide.opposite, price: price,
                    volume: Volume(units: volume), timeInForce: .postOnly)))
        commands.append(
            .place(
                .limit(
                    Self.placeholderID, taker, book.code, takerSide, price: price, volume: Volume(units: volume),
                    timeInForce: .ioc)))
    }

    /// An order's value around `mean` quote units: three times the square of a uniform draw (mean 1: many
    /// small orders, a few up to three times the mean) for single orders; within ±50 % for orders that
    /// stand for many (`aggregated`), whose sizes average out. At least 1.2 × the minimum total, at most
    /// half the maximum.
    mutating func orderValue(_ index: Int, mean: Int128, aggregated: Bool) -> Int64 {
        let market = markets[index].demo.market
        let value: Int128
        if aggregated {
            value = mean * Int128(random.int(in: 500...1_500)) / 1_000
        } else {
            let draw = Int128(random.int(in: 0...999))
            value = mean * 3 * draw * draw / 1_000_000
        }
        let least = Int128(market.minTotal.units) * 6 / 5
        return Int64(min(max(value, least), max(Int128(market.maxTotal.units) / 2, least)))
    }
}
