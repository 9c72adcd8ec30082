extension MatchingEngine {
    /// Places a request that the exchange has already checked for market state and identifier.
    mutating func place(
        _ request: OrderRequest, at time: Timestamp,
        ledger: inout Ledger, index: inout SlotIndex, events: inout [Event]
    ) {
        let plan: Plan
        switch self.plan(request) {
        case .success(let accepted): plan = accepted
        case .failure(let reason):
            events.append(
                .rejected(CommandRejected(account: request.account, command: .place(request), reason: reason)))
            return
        }
        guard let accountSlot = ledger.slot(of: request.account),
            ledger.lock(accountSlot, lockCurrency(request.side), plan.lock)
        else {
            let reason = Rejection.insufficientFunds(request.side)
            events.append(
                .rejected(CommandRejected(account: request.account, command: .place(request), reason: reason)))
            return
        }
        events.append(
            .accepted(
                OrderAccepted(
                    request: request, locked: Funds(units: plan.lock), reservedFee: Funds(units: plan.reservedFee),
                    time: time)))
        var taker = WorkingOrder(
            id: request.id, account: request.account, accountSlot: accountSlot, side: request.side,
            price: plan.limit, remaining: plan.volume, budget: plan.budget, lock: plan.lock,
            reserveRate: market.reservedFee.units)

        let stop: Stop
        if request.timeInForce == .postOnly, let best = book.bestPrice(request.side.opposite),
            Self.crosses(request.side, limit: plan.limit, best)
        {
            finish(taker, .cancelled(.postOnly), ledger: &ledger, events: &events)
            return
        } else if request.timeInForce == .fok, !canFill(taker, mode: request.selfTradePrevention ?? .cancelMaker) {
            finish(taker, .cancelled(.fillOrKill), ledger: &ledger, events: &events)
            return
        } else {
            stop = match(
                &taker, mode: request.selfTradePrevention ?? .cancelMaker, at: time,
                ledger: &ledger, index: &index, events: &events)
        }

        switch stop {
        case .filled:
            finish(
                taker, taker.preventedVolume > 0 ? .cancelled(.selfTradePrevention) : .done,
                ledger: &ledger, events: &events)
        case .cancelTaker:
            finish(taker, .cancelled(.selfTradePrevention), ledger: &ledger, events: &events)
        case .dust:
            finish(taker, .cancelled(.dust), ledger: &ledger, events: &events)
        case .exhausted:
            switch (request.type, request.timeInForce) {
            case (.price, _), (.market, _): finish(taker, .cancelled(.noLiquidity), ledger: &ledger, events: &events)
            case (_, .ioc): finish(taker, .cancelled(.immediateOrCancel), ledger: &ledger, events: &events)
            case (_, .fok): finish(taker, .cancelled(.fillOrKill), ledger: &ledger, events: &events)
            default: rest(taker, ledger: &ledger, index: &index, events: &events)
            }
        }
    }

    /// How an order leaves the engine.
    enum Ending {
        case done
        case cancelled(CancelReason)
    }

    /// Ends an order that is not (or no longer) in the book: returns its whole lock and says why.
    mutating func finish(_ order: WorkingOrder, _ ending: Ending, ledger: inout Ledger, events: inout [Event]) {
        if order.lock > 0 { ledger.unlock(order.accountSlot, lockCurrency(order.side), order.lock) }
        let released = Funds(units: order.lock)
        switch ending {
        case .done:
            events.append(
                .done(OrderDone(order: order.id, account: order.account, market: market.code, released: released)))
        case .cancelled(let reason):
            let remaining = Volume(units: order.isBudget ? 0 : order.remaining)
            events.append(
                .cancelled(
                    OrderCancelled(
                        order: order.id, account: order.account, market: market.code, reason: reason,
                        remaining: remaining, released: released)))
        }
    }

    /// Puts a limit order's remainder in the book, first returning any lock it no longer needs.
    private mutating func rest(
        _ order: WorkingOrder, ledger: inout Ledger, index: inout SlotIndex, events: inout [Event]
    ) {
        var order = order
        Self.trimLock(&order, currency: lockCurrency(order.side), ledger: &ledger)
        let bookSlot = book.add(order)
        index.insert(order.id.rawValue, location(bookSlot))
        events.append(
            .rested(
                OrderRested(
                    order: order.id, account: order.account, market: market.code, side: order.side,
                    price: Price(units: order.price), remaining: Volume(units: order.remaining),
                    locked: Funds(units: order.lock))))
    }

    /// Returns to the balance whatever `order` has locked beyond ``WorkingOrder/requiredLock()``.
    static func trimLock(_ order: inout WorkingOrder, currency: Int32, ledger: inout Ledger) {
        let excess = order.lock - order.requiredLock()
        assert(excess >= 0, "an order's lock fell below what it needs")
        if excess > 0 {
            ledger.unlock(order.accountSlot, currency, excess)
            order.lock -= excess
        }
    }

    /// Cancels the resting order at `bookSlot`.
    mutating func cancel(
        _ bookSlot: Int32, reason: CancelReason, ledger: inout Ledger, index: inout SlotIndex, events: inout [Event]
    ) {
        let order = book.remove(bookSlot)
        index.remove(order.id.rawValue)
        finish(order, .cancelled(reason), ledger: &ledger, events: &events)
    }
}
