extension MatchingEngine {
    /// What a valid request becomes: the limit it trades at, its quantity and its lock.
    struct Plan {
        var limit: Int64
        var volume: Int64
        var budget: Int64
        var lock: Int64
        var reservedFee: Int64
    }

    /// Checks a request against the market's rules, in Upbit's order: combination, tick, minimum total,
    /// then amounts. Balances are checked by the caller.
    func plan(_ request: OrderRequest) -> Result<Plan, Rejection> {
        let side = request.side
        let combination = Rejection.createError(side)
        if request.timeInForce == .postOnly {
            guard request.type == .limit else { return .failure(combination) }
            if request.selfTradePrevention != nil { return .failure(.invalidPostOnly) }
        }
        let bestOpposite = book.bestPrice(side.opposite)
        let minTotal = market.minTotal.units
        switch (request.type, side) {
        case (.limit, _):
            guard let price = request.price, let volume = request.volume, price.units > 0, volume.units > 0 else {
                return .failure(combination)
            }
            guard market.ticks.isValid(price) else { return .failure(.invalidPrice(side)) }
            guard let total = Funds.value(of: volume, at: price, rounding: .down) else {
                return .failure(.invalidFunds)
            }
            guard total.units >= minTotal else { return .failure(.underMinTotal(side)) }
            return lockPlan(side: side, limit: price.units, volume: volume.units, budget: -1)
        case (.price, .bid), (.best, .bid):
            guard let total = request.price, total.units > 0, request.volume == nil else {
                return .failure(combination)
            }
            guard Self.timeInForceFits(request) else { return .failure(combination) }
            guard total.units >= minTotal else { return .failure(.underMinTotal(side)) }
            let limit = request.type == .best ? (bestOpposite ?? 0) : Int64.max
            return lockPlan(side: side, limit: limit, volume: 0, budget: total.units)
        case (.market, .ask), (.best, .ask):
            guard let volume = request.volume, volume.units > 0, request.price == nil else {
                return .failure(combination)
            }
            guard Self.timeInForceFits(request) else { return .failure(combination) }
            // The total of a sell at market is judged at the best bid, when there is one. A total too large
            // for Int64 is certainly above the minimum; the lock (the volume itself) cannot overflow.
            if let bid = bestOpposite, let total = Funds.value(of: volume, at: Price(units: bid), rounding: .down),
                total.units < minTotal
            {
                return .failure(.underMinTotal(side))
            }
            let limit = request.type == .best ? (bestOpposite ?? Int64.max) : 0
            return lockPlan(side: side, limit: limit, volume: volume.units, budget: -1)
        case (.price, .ask), (.market, .bid):
            return .failure(combination)
        }
    }

    /// `price` and `market` orders take no time in force; `best` orders need `ioc` or `fok`.
    private static func timeInForceFits(_ request: OrderRequest) -> Bool {
        request.type == .best
            ? request.timeInForce == .ioc || request.timeInForce == .fok : request.timeInForce == nil
    }

    private func lockPlan(side: Side, limit: Int64, volume: Int64, budget: Int64) -> Result<Plan, Rejection> {
        guard side == .bid else {
            return .success(Plan(limit: limit, volume: volume, budget: budget, lock: volume, reservedFee: 0))
        }
        let funds: Funds?
        if budget >= 0 {
            funds = Funds(units: budget)
        } else {
            funds = Funds.value(of: Volume(units: volume), at: Price(units: limit), rounding: .up)
        }
        guard let funds, let fee = market.reservedFee.fee(on: funds), let lock = funds.adding(fee) else {
            return .failure(.invalidFunds)
        }
        return .success(Plan(limit: limit, volume: volume, budget: budget, lock: lock.units, reservedFee: fee.units))
    }
}
