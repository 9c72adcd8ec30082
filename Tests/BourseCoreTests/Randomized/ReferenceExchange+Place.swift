import BourseCore

extension ReferenceExchange {
    /// `place`: docs/matching.md "Validation of `place`, in order", then matching.
    mutating func place(_ request: OrderRequest, at time: Timestamp, into events: inout [Event]) {
        func reject(_ reason: Rejection) {
            events.append(
                .rejected(CommandRejected(account: request.account, command: .place(request), reason: reason)))
        }
        // 1. Unknown market.
        guard let market = marketIndex(request.market) else { return reject(.marketNotFound) }
        // 2. Identifier, recorded from here on even if the order is refused.
        if let identifier = request.identifier {
            guard identifiers[request.account]?[identifier] == nil else { return reject(.duplicatedIdentifier) }
            identifiers[request.account, default: [:]][identifier] = request.id
        }
        // 3. Suspended market.
        guard markets[market].state == .active else { return reject(.marketOffline) }
        // 4.–7.
        let terms: (lock: Int64, reservedFee: Int64)
        switch admit(request, in: market) {
        case .success(let admitted): terms = admitted
        case .failure(let reason): return reject(reason)
        }
        // 8. Funds.
        let currency = lockCurrency(request.market, request.side)
        guard lock(request.account, currency, terms.lock) else { return reject(.insufficientFunds(request.side)) }
        events.append(
            .accepted(
                OrderAccepted(
                    request: request, locked: Funds(units: terms.lock), reservedFee: Funds(units: terms.reservedFee),
                    time: time)))

        let isBudget = request.type == .price || (request.type == .best && request.side == .bid)
        let taker = ReferenceOrder(
            id: request.id, account: request.account, market: request.market, side: request.side, type: request.type,
            timeInForce: request.timeInForce, selfTradePrevention: request.selfTradePrevention,
            identifier: request.identifier, price: request.type == .limit ? request.price!.units : 0,
            remaining: isBudget ? 0 : request.volume!.units,
            budget: isBudget ? request.price!.units : nil, lock: terms.lock)
        match(taker, in: market, at: time, into: &events)
    }

    /// Steps 4–7 of the validation: the combination, the grid, the minimum total and the lock.
    private func admit(_ request: OrderRequest, in market: Int) -> Result<(lock: Int64, reservedFee: Int64), Rejection>
    {
        let side = request.side
        let rules = markets[market]
        let price = request.price?.units
        let volume = request.volume?.units
        let tif = request.timeInForce
        // 4. post_only.
        if tif == .postOnly {
            guard request.type == .limit else { return .failure(.createError(side)) }
            guard request.selfTradePrevention == nil else { return .failure(.invalidPostOnly) }
        }
        // 5. Combination.
        let combinationIsValid: Bool
        switch request.type {
        case .limit:
            combinationIsValid = (price ?? 0) > 0 && (volume ?? 0) > 0
        case .price:
            combinationIsValid = side == .bid && (price ?? 0) > 0 && volume == nil && tif == nil
        case .market:
            combinationIsValid = side == .ask && (volume ?? 0) > 0 && price == nil && tif == nil
        case .best:
            let shape = side == .bid ? (price ?? 0) > 0 && volume == nil : (volume ?? 0) > 0 && price == nil
            combinationIsValid = (tif == .ioc || tif == .fok) && shape
        }
        guard combinationIsValid else { return .failure(.createError(side)) }
        // 6. Grid and minimum total.
        let minTotal = rules.minTotal.units
        switch (request.type, side) {
        case (.limit, _):
            guard rules.ticks.isValid(request.price!) else { return .failure(.invalidPrice(side)) }
            guard let funds = Funds.value(of: request.volume!, at: request.price!, rounding: .down) else {
                return .failure(.invalidFunds)
            }
            guard funds.units >= minTotal else { return .failure(.underMinTotal(side)) }
        case (.price, _), (.best, .bid):
            guard price! >= minTotal else { return .failure(.underMinTotal(.bid)) }
        default:
            if let bestBid = book(market, .bid).first?.price {
                let value = Int128(volume!) * Int128(bestBid) / Int128(fixedPointScale)
                guard value >= Int128(minTotal) else { return .failure(.underMinTotal(.ask)) }
            }
        }
        // 7. The lock.
        guard side == .bid else { return .success((volume!, 0)) }
        let funds: Funds
        if request.type == .limit {
            guard let value = Funds.value(of: request.volume!, at: request.price!, rounding: .up) else {
                return .failure(.invalidFunds)
            }
            funds = value
        } else {
            funds = Funds(units: price!)
        }
        guard let fee = rules.reservedFee.fee(on: funds), let lock = funds.adding(fee) else {
            return .failure(.invalidFunds)
        }
        return .success((lock.units, fee.units))
    }
}
