import BourseCore

extension MarketSimulator {
    /// Keeps the maker's ladder on its grid around the fair price: ``levels`` bids at the grid prices at or
    /// below it and as many asks from the next grid price up, so the spread is one grid step. Quotes the
    /// moved fair price left off the ladder are replaced onto the prices it now lacks (one command each),
    /// so a small move costs a few commands, not a new ladder; now and then one quote is resized so deep
    /// levels change too. Quotes are `post_only`, as a market maker's are.
    mutating func requote(_ index: Int, budget: inout Budget, into commands: inout [Command]) {
        let spacing = ladderSpacing(index)
        let book = markets[index]
        let bidTop = book.fair / spacing * spacing
        let askTop = bidTop + spacing
        var bids: [Int64] = []
        var asks: [Int64] = []
        for level in 0..<Int64(levels) {
            let bid = bidTop - level * spacing
            if bid > 0 && book.ticks.isValid(Price(units: bid)) { bids.append(bid) }
            let ask = askTop + level * spacing
            if book.ticks.isValid(Price(units: ask)) { asks.append(ask) }
        }
        // Quotes the fair price has moved past go first, so the other side's new inner quotes never meet them.
        let asksCrossed = book.quotes.values.contains { $0.side == .ask && $0.price <= bidTop }
        for side in asksCrossed ? [Side.ask, .bid] : [.bid, .ask] {
            requote(index, side, onto: side == .bid ? bids : asks, budget: &budget, into: &commands)
        }
        resizeOne(index, tops: (bidTop, askTop), budget: &budget, into: &commands)
    }

    private mutating func requote(
        _ index: Int, _ side: Side, onto targets: [Int64], budget: inout Budget, into commands: inout [Command]
    ) {
        let book = markets[index]
        let wanted = Set(targets)
        // Nearest the fair price first, ids breaking ties: the same plan on every run.
        let quotes = book.quotes.filter { $0.value.side == side }.sorted { left, right in
            (abs(left.value.price - book.fair), left.key.rawValue) < (
                abs(right.value.price - book.fair), right.key.rawValue
            )
        }
        var kept = Set<Int64>()
        var stale: [(OrderID, Quote)] = []
        for (id, quote) in quotes {
            if wanted.contains(quote.price) && kept.insert(quote.price).inserted { continue }
            stale.append((id, quote))
        }
        let missing = targets.enumerated().filter { !kept.contains($0.element) }
        var next = 0
        for (id, old) in stale {
            budget.release(old, of: book.maker, in: book.code)
            forget(id)
            if next < missing.count,
                let volume = ladderVolume(
                    index, side, level: missing[next].offset, price: missing[next].element, &budget)
            {
                let replacement = ReplacementRequest(
                    id: Self.placeholderID, price: Price(units: missing[next].element), volume: .volume(volume),
                    timeInForce: .postOnly)
                commands.append(.cancelAndReplace(.id(id), account: book.maker, replacement))
                next += 1
            } else {
                commands.append(.cancel(.id(id), account: book.maker))
            }
        }
        for (level, price) in missing[next...] {
            guard let volume = ladderVolume(index, side, level: level, price: price, &budget) else { continue }
            commands.append(
                .place(
                    .limit(
                        Self.placeholderID, book.maker, book.code, side, price: Price(units: price), volume: volume,
                        timeInForce: .postOnly)))
        }
    }

    /// Three steps in ten, gives one quote a new size at the same price: deep levels nobody trades with
    /// still change, as a live book's do.
    private mutating func resizeOne(
        _ index: Int, tops: (bid: Int64, ask: Int64), budget: inout Budget, into commands: inout [Command]
    ) {
        guard random.chance(30), !markets[index].quotes.isEmpty else { return }
        let book = markets[index]
        let quotes = book.quotes.sorted { ($0.value.price, $0.key.rawValue) < ($1.value.price, $1.key.rawValue) }
        let (id, old) = quotes[Int(random.int(in: 0...Int64(quotes.count - 1)))]
        let level = Int(abs(old.price - (old.side == .bid ? tops.bid : tops.ask)) / max(book.spacing, 1))
        budget.release(old, of: book.maker, in: book.code)
        forget(id)
        guard let volume = ladderVolume(index, old.side, level: min(level, levels - 1), price: old.price, &budget)
        else {
            commands.append(.cancel(.id(id), account: book.maker))
            return
        }
        let replacement = ReplacementRequest(
            id: Self.placeholderID, price: Price(units: old.price), volume: .volume(volume), timeInForce: .postOnly)
        commands.append(.cancelAndReplace(.id(id), account: book.maker, replacement))
    }

    /// The volume of a quote `level` steps from the inside (deeper levels hold more, each varies by ±50 %),
    /// taken from the maker's budget; nil if the maker cannot afford it.
    private mutating func ladderVolume(
        _ index: Int, _ side: Side, level: Int, price: Int64, _ budget: inout Budget
    ) -> Volume? {
        let book = markets[index]
        let depth = Int128(500 + 1_000 * level / max(levels, 1))
        let jitter = Int128(random.int(in: 500...1_500))
        let value = Int128(book.demo.liquidity.levelValue.units) * depth * jitter / 1_000_000
        let volume = Self.roundedVolume(max(value, Int128(book.demo.market.minTotal.units) * 2), at: price)
        let (currency, lock) = Budget.lock(side, price: price, volume: volume, book.code)
        guard volume > 0, budget.take(lock, of: currency, from: book.maker) else { return nil }
        return Volume(units: volume)
    }

    /// The grid step of `index`'s ladder: the market's spacing fraction of the fair price, rounded down to
    /// 1, 2 or 5 × a power of ten (so grid prices are round and every grid price is on the tick grid),
    /// never below the tick at the top of the ladder. Kept while the price stays within a factor 2.5 of
    /// where it was chosen, so the ladder is not rebuilt at every small move.
    mutating func ladderSpacing(_ index: Int) -> Int64 {
        let book = markets[index]
        let ideal = max(Int128(book.fair) * Int128(book.demo.liquidity.spacingPerMillion) / 1_000_000, 1)
        let current = Int128(book.spacing)
        let topTick = book.ticks.tick(at: Price(units: book.fair + Int64(levels) * max(book.spacing, 1))).units
        let tooFine = current * 5 < ideal * 2 || book.spacing < topTick
        let tooCoarse = current * 2 > ideal * 5 && book.spacing > topTick
        guard book.spacing == 0 || tooFine || tooCoarse else { return book.spacing }
        let nice = Self.roundNumber(atMost: Int64(min(ideal, Int128(Int64.max))))
        let tick = book.ticks.tick(at: Price(units: book.fair + Int64(levels) * nice)).units
        markets[index].spacing = max(nice, tick)
        return markets[index].spacing
    }

    /// The largest of 1, 2 and 5 × a power of ten that is at most `value` (at least 1).
    static func roundNumber(atMost value: Int64) -> Int64 {
        var power: Int64 = 1
        while power <= value / 10 { power *= 10 }
        for factor: Int64 in [5, 2] where power * factor <= value { return power * factor }
        return power
    }

    /// The volume worth about `value` quote units at `price`, cut to four significant digits so the tape
    /// reads naturally.
    static func roundedVolume(_ value: Int128, at price: Int64) -> Int64 {
        let volume = min(value * Int128(fixedPointScale) / Int128(max(price, 1)), Int128(Int64.max))
        var step: Int128 = 1
        while volume / step >= 10_000 { step *= 10 }
        return Int64(volume - volume % step)
    }
}
