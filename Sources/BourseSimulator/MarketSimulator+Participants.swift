import BourseCore

/// One simulated market's state: the fair value and the maker's open quotes.
struct SimulatedBook: Sendable {
    let demo: DemoMarket
    let maker: AccountID
    var fair: Int64
    var quotes: [OrderID] = []
    /// Which of `quotes` are bids (the rest are asks), so the ladder stays two-sided.
    var bids: Set<OrderID> = []
    /// The price of each of `quotes`, so new quotes go to prices the ladder does not have yet.
    var prices: [OrderID: Price] = [:]

    init(demo: DemoMarket, maker: AccountID) {
        self.demo = demo
        self.maker = maker
        fair = demo.startPrice.units
    }

    var ticks: TickTable { demo.market.ticks }
}

extension MarketSimulator {
    /// Moves the fair value by up to ±0.15 % times `volatility`, with a slight pull back towards the start
    /// so a long demo stays in a realistic range.
    mutating func walk(_ index: Int, volatility: Int = 1) {
        let fair = markets[index].fair
        let range = Int64(15 * max(volatility, 1))
        var basisPoints = random.int(in: -range...range)
        if fair > markets[index].demo.startPrice.units * 3 / 2 { basisPoints -= 3 }
        if fair < markets[index].demo.startPrice.units * 2 / 3 { basisPoints += 3 }
        let moved = fair + fair * basisPoints / 10_000
        // Kept off the tick grid on purpose: rounding every step would drag cheap coins down.
        markets[index].fair = max(moved, 1)
    }

    /// Replaces a few of the maker's quotes with fresh ones around the fair value and fills the ladder
    /// back up to ``levels`` per side. Quotes are `post_only`, as a market maker's are: one that would
    /// cross (the fair value moved past an old quote) is cancelled instead of trading.
    mutating func requote(_ index: Int, into commands: inout [Command]) {
        let book = markets[index]
        let refresh = min(book.quotes.count, Int(random.int(in: 1...3)))
        // Only quotes from earlier steps are replaced: one placed in this step may not exist by the time
        // its replacement would arrive (a post-only quote that crossed is cancelled).
        let existing = book.quotes.count
        // The prices each side already shows, so new quotes spread out.
        var takenBids = Set<Price>()
        var takenAsks = Set<Price>()
        for (id, price) in book.prices {
            if book.bids.contains(id) { takenBids.insert(price) } else { takenAsks.insert(price) }
        }
        // Quotes sent this step: they become quotes once ``observe(_:)`` sees them accepted.
        var newBids = 0
        var newAsks = 0
        for replaced in 0..<refresh {
            let position = Int(random.int(in: 0...Int64(existing - replaced - 1)))
            let old = markets[index].quotes.remove(at: position)
            quoteOwners[old] = nil
            let side: Side = markets[index].bids.remove(old) != nil ? .bid : .ask
            markets[index].prices[old] = nil
            let (price, volume) = quote(index, side, avoiding: side == .bid ? takenBids : takenAsks)
            if side == .bid { takenBids.insert(price) } else { takenAsks.insert(price) }
            if side == .bid { newBids += 1 } else { newAsks += 1 }
            commands.append(
                .cancelAndReplace(
                    .id(old), account: book.maker,
                    ReplacementRequest(
                        id: Self.placeholderID, price: price, volume: .volume(volume), timeInForce: .postOnly)))
        }
        while markets[index].quotes.count + newBids + newAsks < levels * 2 {
            let bids = markets[index].bids.count + newBids
            let asks = markets[index].quotes.count - markets[index].bids.count + newAsks
            let side: Side = bids == asks ? (random.chance(50) ? .bid : .ask) : (bids < asks ? .bid : .ask)
            let (price, volume) = quote(index, side, avoiding: side == .bid ? takenBids : takenAsks)
            if side == .bid { takenBids.insert(price) } else { takenAsks.insert(price) }
            if side == .bid { newBids += 1 } else { newAsks += 1 }
            commands.append(
                .place(
                    .limit(
                        Self.placeholderID, book.maker, book.demo.market.code, side, price: price, volume: volume,
                        timeInForce: .postOnly)))
        }
    }

    /// A quote on `side`, between 1 and `levels` steps of ~0.05 % away from the fair value.
    private mutating func quote(_ index: Int, _ side: Side, avoiding taken: Set<Price>) -> (Price, Volume) {
        let book = markets[index]
        let step = max(book.ticks.tick(at: Price(units: book.fair)).units, book.fair / 2_000)
        var price = Price(units: book.fair)
        // Anywhere in the band, preferring a price the side does not show yet, so the book stays deep
        // even where the tick is coarse.
        for _ in 0..<10 {
            let distance = random.int(in: step...(step * Int64(levels)))
            let raw = side == .bid ? book.fair - distance : book.fair + distance
            price = book.ticks.roundedDown(Price(units: max(raw, 1))) ?? Price(units: book.fair)
            if !taken.contains(price) { break }
        }
        return (price, volume(index, at: price, scale: 10...400))
    }

    /// A volume worth between `scale` × the market's minimum total (at least the minimum itself).
    mutating func volume(_ index: Int, at price: Price, scale: ClosedRange<Int64>) -> Volume {
        let minTotal = markets[index].demo.market.minTotal.units
        let total = minTotal * random.int(in: scale) + minTotal / 10
        let volume = Funds(units: total).affordableVolume(at: price)!.units
        // Round to 4 significant-looking decimals so the tape reads naturally.
        let step = max(volume / 10_000, 1)
        return Volume(units: max(volume - volume % step, 1))
    }

    /// Sends 0–2 taker orders: market buys by total, market sells by volume, or IOC limits.
    mutating func trade(_ index: Int, into commands: inout [Command]) {
        let book = markets[index]
        let count = Int(random.int(in: 0...2))
        for _ in 0..<count {
            let taker = takers[Int(random.int(in: 0...Int64(takers.count - 1)))]
            let code = book.demo.market.code
            let minTotal = book.demo.market.minTotal.units
            switch random.int(in: 0...9) {
            case 0...3:
                let total = Funds(units: minTotal * random.int(in: 1...60))
                commands.append(.place(.marketBuy(Self.placeholderID, taker, code, total: total)))
            case 4...7:
                let volume = volume(index, at: Price(units: book.fair), scale: 1...60)
                commands.append(.place(.marketSell(Self.placeholderID, taker, code, volume: volume)))
            default:
                let side: Side = random.chance(50) ? .bid : .ask
                let through = book.fair / 1_000 * (side == .bid ? 1 : -1)
                guard let price = book.ticks.roundedDown(Price(units: book.fair + through)) else { continue }
                let volume = volume(index, at: price, scale: 1...20)
                commands.append(
                    .place(
                        .limit(Self.placeholderID, taker, code, side, price: price, volume: volume, timeInForce: .ioc)))
            }
        }
    }
}
