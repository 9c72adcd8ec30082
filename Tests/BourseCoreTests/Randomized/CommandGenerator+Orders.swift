import BourseCore

extension CommandGenerator {
    /// A well-formed order most of the time, of every type, often against the account's own orders.
    mutating func order(_ model: ReferenceExchange) -> Command {
        let market = random.below(profiles.count)
        if model.book(market, .bid).count + model.book(market, .ask).count > 80, random.chance(50),
            let order = randomOrder(model, market: market)
        {
            return .cancel(.id(order.id), account: order.account)
        }
        let side: Side = random.chance(50) ? .bid : .ask
        let account = chooseAccount(model, market: market, side: side)
        let code = random.below(200) == 0 ? Self.unlistedMarket : profiles[market].market.code
        let id = newOrderID()
        let identifier = identifier(for: account)
        let request: OrderRequest
        switch random.int(in: 0...99) {
        case 0..<72:
            let price = limitPrice(in: market, side)
            let tif = limitTimeInForce()
            request = OrderRequest.limit(
                id, account, code, side, price: Price(units: price),
                volume: Volume(units: volume(in: market, at: price)),
                timeInForce: tif,
                selfTradePrevention: tif == .postOnly && random.chance(85) ? nil : selfTradePrevention(),
                identifier: identifier)
        case 72..<90:
            let type: OrderType = side == .bid ? .price : .market
            let price = side == .bid ? Price(units: total(in: market)) : nil
            let volume = side == .ask ? Volume(units: volume(in: market, at: mids[market])) : nil
            request = OrderRequest(
                id: id, account: account, market: code, side: side, type: type, price: price, volume: volume,
                selfTradePrevention: selfTradePrevention(), identifier: identifier)
        default:
            let tif: TimeInForce? =
                random.chance(94) ? (random.chance(50) ? .ioc : .fok) : random.pick([nil, .postOnly])
            let price = side == .bid ? Price(units: total(in: market)) : nil
            let volume = side == .ask ? Volume(units: volume(in: market, at: mids[market])) : nil
            request = OrderRequest(
                id: id, account: account, market: code, side: side, type: .best, price: price, volume: volume,
                timeInForce: tif, selfTradePrevention: selfTradePrevention(), identifier: identifier)
        }
        return .place(request)
    }

    /// Any combination of fields, mostly refused by validation.
    mutating func malformedOrder(_ model: ReferenceExchange) -> Command {
        let market = random.below(profiles.count)
        let side: Side = random.chance(50) ? .bid : .ask
        let account = chooseAccount(model, market: market, side: side)
        let type = random.pick(OrderType.allCases)
        var price: Int64?
        switch random.int(in: 0...99) {
        case 0..<35: price = nil
        case 35..<45: price = 0
        case 45..<50: price = -random.int(in: 1...fixedPointScale)
        case 50..<75: price = limitPrice(in: market, side)
        default: price = total(in: market)
        }
        var volume: Int64?
        switch random.int(in: 0...99) {
        case 0..<35: volume = nil
        case 35..<45: volume = 0
        case 45..<50: volume = -random.int(in: 1...fixedPointScale)
        default: volume = self.volume(in: market, at: price.map { max($0, 1) } ?? mids[market])
        }
        let code = random.chance(5) ? Self.unlistedMarket : profiles[market].market.code
        return .place(
            OrderRequest(
                id: newOrderID(), account: account, market: code, side: side, type: type,
                price: price.map(Price.init(units:)), volume: volume.map(Volume.init(units:)),
                timeInForce: random.pick([nil, .ioc, .fok, .postOnly]), selfTradePrevention: selfTradePrevention(),
                identifier: identifier(for: account)))
    }

    /// Often the owner of one of the best opposite orders (a self-trade), sometimes an unfunded account.
    mutating func chooseAccount(_ model: ReferenceExchange, market: Int, side: Side) -> AccountID {
        if random.chance(1) { return Self.unfunded }
        let opposite = model.book(market, side.opposite)
        if random.chance(25), !opposite.isEmpty { return opposite[random.below(min(3, opposite.count))].account }
        return random.pick(accounts)
    }

    /// No time in force most of the time, else `ioc`, `fok` or `post_only`.
    mutating func limitTimeInForce() -> TimeInForce? {
        switch random.int(in: 0...99) {
        case 0..<70: nil
        case 70..<80: .ioc
        case 80..<88: .fok
        default: .postOnly
        }
    }

    /// A limit price: near the mid on the order's own side, sometimes through it, sometimes far away,
    /// and rarely off the grid, zero, negative or absurdly large.
    mutating func limitPrice(in market: Int, _ side: Side) -> Int64 {
        let roll = random.int(in: 0...999)
        var steps: Int64
        var outward = true
        switch roll {
        case 0..<700: steps = random.int(in: 0...8)
        case 700..<900:
            steps = random.int(in: 1...6)
            outward = false
        case 900..<980: steps = random.int(in: 9...60)
        default: steps = 0
        }
        var price = mids[market]
        for _ in 0..<steps { price = step(price, in: market, up: (side == .ask) == outward) }
        guard roll >= 980 else { return price }
        switch random.int(in: 0...9) {
        case 0..<5:
            let tick = profiles[market].market.ticks.tick(at: Price(units: price)).units
            return tick > 1 ? price + random.int(in: 1...tick - 1) : price + 1
        case 5..<7: return random.chance(50) ? 0 : -price
        default: return Int64.max / random.int(in: 1...1_000)
        }
    }

    /// A volume worth a typical total at `price`, or rarely tiny, huge, or right at the minimum.
    mutating func volume(in market: Int, at price: Int64) -> Int64 {
        let minTotal = Int128(profiles[market].market.minTotal.units)
        let scale = Int128(fixedPointScale)
        let price = Int128(max(price, 1))
        let roll = random.int(in: 0...999)
        switch roll {
        case 0..<40: return random.int(in: 1...1_000)
        case 40..<60:
            return Int64(truncatingIfNeeded: (0..<random.int(in: 9...17)).reduce(Int64(1)) { value, _ in value * 10 })
        case 60..<75:
            let atMinimum = (minTotal * scale + price - 1) / price
            return Int64(clamping: atMinimum - Int128(roll % 2))
        default:
            let total = Int128(typicalTotal(in: market))
            return Int64(clamping: max(total * scale / price, 1))
        }
    }

    /// A total for a market buy or a `best` bid, or rarely below the minimum or enormous.
    mutating func total(in market: Int) -> Int64 {
        let minTotal = profiles[market].market.minTotal.units
        switch random.int(in: 0...999) {
        case 0..<50: return random.int(in: 1...minTotal - 1)
        case 50..<65: return Int64.max - random.int(in: 0...1_000)
        case 65..<75: return minTotal
        default: return typicalTotal(in: market)
        }
    }

    /// A total between one and a few hundred market minimums, small ones most often.
    mutating func typicalTotal(in market: Int) -> Int64 {
        let minTotal = profiles[market].market.minTotal.units
        let multiple: Int64
        switch random.int(in: 0...99) {
        case 0..<50: multiple = random.int(in: 1...10)
        case 50..<90: multiple = random.int(in: 10...100)
        default: multiple = random.int(in: 100...400)
        }
        return minTotal * multiple + random.int(in: 0...minTotal)
    }
}
