import BourseCore

/// One-line descriptions of commands and events for failure messages, with amounts as decimals.
enum EventFormatter {
    static func describe(_ command: Command) -> String {
        switch command {
        case .place(let request): "place " + describe(request)
        case .cancel(let reference, let account): "cancel \(describe(reference)) by \(account)"
        case .cancelAndReplace(let reference, let account, let new):
            "replace \(describe(reference)) by \(account) with #\(new.id) \(new.type)"
                + " price \(new.price.map(\.description) ?? "-") volume \(new.volume.map(describe) ?? "-")"
                + " tif \(new.timeInForce?.rawValue ?? "-") smp \(new.selfTradePrevention?.rawValue ?? "-")"
                + " identifier \(new.identifier ?? "-")"
        case .deposit(let account, let currency, let amount): "deposit \(amount) \(currency) to \(account)"
        case .setMarketState(let code, let state): "set \(code) \(state)"
        case .withdraw(let request):
            "withdraw #\(request.id) \(request.amount) \(request.currency) fee \(request.fee) by \(request.account)"
        case .advanceWithdrawal(let id, let step, let account): "\(step) withdrawal #\(id) of \(account)"
        case .receiveDeposit(let incoming):
            "receive #\(incoming.id) \(incoming.amount) \(incoming.currency) for \(incoming.account)"
        case .confirmDeposit(let id): "confirm deposit #\(id)"
        case .listItem(let id, let terms): "list item #\(id) by \(terms.seller) from \(terms.startPrice)"
        case .bid(let id, let account, let maximum): "bid up to \(maximum) on item #\(id) by \(account)"
        case .buyNow(let id, let account): "buy item #\(id) now by \(account)"
        case .cancelItem(let id, let account): "cancel item #\(id) by \(account)"
        case .advanceAuction(let id): "advance item #\(id)"
        }
    }

    static func describe(_ event: Event) -> String {
        switch event {
        case .accepted(let accepted):
            "accepted #\(accepted.request.id) locked \(accepted.locked) (fee \(accepted.reservedFee))"
        case .rejected(let rejected):
            switch rejected.command {
            case .place(let request): "rejected \(rejected.reason): #\(request.id) of \(rejected.account)"
            case .cancel(let reference):
                "rejected \(rejected.reason): cancel \(describe(reference)) by \(rejected.account)"
            case .cancelAndReplace(let reference, let new):
                "rejected \(rejected.reason): replace \(describe(reference)) by #\(new.id)"
            case .deposit(let currency, let amount):
                "rejected \(rejected.reason): deposit \(amount) \(currency) to \(rejected.account)"
            case .withdraw(let request):
                "rejected \(rejected.reason): withdraw #\(request.id) \(request.amount) \(request.currency)"
            case .transfer(let id): "rejected \(rejected.reason): transfer #\(id) by \(rejected.account)"
            }
        case .traded(let trade):
            "traded \(trade.market) #\(trade.sequence) \(trade.volume) @ \(trade.price) = \(trade.funds), "
                + "maker #\(trade.makerOrder)/\(trade.makerAccount) fee \(trade.makerFee), "
                + "taker #\(trade.takerOrder)/\(trade.takerAccount) \(trade.takerSide) fee \(trade.takerFee)"
        case .prevented(let prevented):
            "prevented \(prevented.mode.rawValue) maker #\(prevented.makerOrder) taker #\(prevented.takerOrder) "
                + "\(prevented.volume) @ \(prevented.price)"
        case .rested(let rested):
            "rested #\(rested.order) \(rested.side) \(rested.remaining) @ \(rested.price) locked \(rested.locked)"
        case .done(let done): "done #\(done.order) released \(done.released)"
        case .cancelled(let cancelled):
            "cancelled #\(cancelled.order) \(cancelled.reason) remaining \(cancelled.remaining) released \(cancelled.released)"
        case .deposited(let deposited): "deposited \(deposited.amount) \(deposited.currency) to \(deposited.account)"
        case .marketStateChanged(let code, let state): "\(code) now \(state)"
        case .withdrawal(let withdrawal):
            "withdrawal #\(withdrawal.id) of \(withdrawal.account) \(withdrawal.amount) \(withdrawal.currency) "
                + "fee \(withdrawal.fee) \(withdrawal.state.rawValue)"
        case .coinDeposit(let deposit):
            "coin deposit #\(deposit.id) to \(deposit.account) \(deposit.amount) \(deposit.currency) \(deposit.state.rawValue)"
        case .auction(let event): "auction \(event)"
        }
    }

    private static func describe(_ request: OrderRequest) -> String {
        "#\(request.id) by \(request.account) \(request.market) \(request.side) \(request.type)"
            + " price \(request.price.map(\.description) ?? "-") volume \(request.volume.map(\.description) ?? "-")"
            + " tif \(request.timeInForce?.rawValue ?? "-") smp \(request.selfTradePrevention?.rawValue ?? "-")"
            + " identifier \(request.identifier ?? "-")"
    }

    private static func describe(_ reference: OrderReference) -> String {
        switch reference {
        case .id(let id): "#\(id)"
        case .identifier(let text): "identifier \(text)"
        }
    }

    private static func describe(_ volume: ReplacementRequest.NewVolume) -> String {
        switch volume {
        case .volume(let value): value.description
        case .remainOnly: "remain_only"
        }
    }
}
