// Withdrawals and coin deposits: the ledger side of the simulated chains. A withdrawal locks its amount and
// fee when asked; when done the amount leaves the exchange (the currency's supply shrinks) and the fee is
// collected; when failed or cancelled both are unlocked. A coin deposit is credited only when confirmed.
extension Exchange {
    mutating func withdraw(_ request: WithdrawalRequest, at time: Timestamp, into events: inout [Event]) {
        func reject(_ reason: Rejection) {
            events.append(
                .rejected(CommandRejected(account: request.account, command: .withdraw(request), reason: reason)))
        }
        guard transfers.withdrawals[request.id] == nil else { return reject(.invalidFunds) }
        let (total, overflow) = request.amount.units.addingReportingOverflow(request.fee.units)
        guard request.amount.units > 0, request.fee.units >= 0, !overflow else { return reject(.invalidFunds) }
        guard let slot = ledger.slot(of: request.account) else { return reject(.insufficientFundsWithdraw) }
        let currency = ledger.currency(request.currency.description)
        guard ledger.lock(slot, currency, total) else { return reject(.insufficientFundsWithdraw) }
        let withdrawal = Withdrawal(request, at: time)
        transfers.start(withdrawal)
        events.append(.withdrawal(withdrawal))
    }

    mutating func advance(
        _ id: TransferID, _ step: WithdrawalStep, of account: AccountID, at time: Timestamp, into events: inout [Event]
    ) {
        func reject(_ reason: Rejection) {
            events.append(.rejected(CommandRejected(account: account, command: .transfer(id), reason: reason)))
        }
        guard var withdrawal = transfers.withdrawals[id], withdrawal.account == account else {
            return reject(.withdrawNotFound)
        }
        let slot = ledger.openSlot(for: account)
        let currency = ledger.currency(withdrawal.currency.description)
        let total = withdrawal.amount.units + withdrawal.fee.units
        switch (step, withdrawal.state) {
        case (.send, .waiting):
            withdrawal.state = .processing
            withdrawal.txid = Withdrawal.txid(of: id, network: withdrawal.network)
        case (.cancel, .waiting):
            withdrawal.state = .cancelled
            ledger.unlock(slot, currency, total)
        case (.fail, .processing):
            withdrawal.state = .failed
            ledger.unlock(slot, currency, total)
        case (.complete, .processing):
            withdrawal.state = .done
            ledger.spendLocked(slot, currency, total)
            ledger.removeSupply(currency, withdrawal.amount.units)
            ledger.collectFee(currency, withdrawal.fee.units)
        default:
            return reject(.withdrawNotCancelable)
        }
        withdrawal.updatedAt = time
        if withdrawal.state.isFinal { withdrawal.doneAt = time }
        transfers.update(withdrawal)
        events.append(.withdrawal(withdrawal))
    }

    mutating func receive(_ incoming: IncomingDeposit, at time: Timestamp, into events: inout [Event]) {
        guard incoming.amount.units > 0, transfers.deposits[incoming.id] == nil else {
            let command = RejectedCommand.deposit(currency: incoming.currency, amount: incoming.amount)
            events.append(
                .rejected(CommandRejected(account: incoming.account, command: command, reason: .invalidFunds)))
            return
        }
        let deposit = CoinDeposit(incoming, at: time)
        transfers.start(deposit)
        events.append(.coinDeposit(deposit))
    }

    mutating func confirm(_ id: TransferID, at time: Timestamp, into events: inout [Event]) {
        guard var deposit = transfers.deposits[id] else { return }
        let slot = ledger.openSlot(for: deposit.account)
        let currency = ledger.currency(deposit.currency.description)
        guard ledger.deposit(slot, currency, deposit.amount.units) else {
            let command = RejectedCommand.deposit(currency: deposit.currency, amount: deposit.amount)
            events.append(.rejected(CommandRejected(account: deposit.account, command: command, reason: .invalidFunds)))
            return
        }
        transfers.finish(id)
        deposit.state = .accepted
        deposit.doneAt = time
        events.append(.coinDeposit(deposit))
    }
}

extension Withdrawal {
    /// The chain transaction id of withdrawal `id`: 64 hex digits derived from the id (so replay gives the
    /// same), `0x`-prefixed on Ethereum-like networks.
    public static func txid(of id: TransferID, network: String?) -> String {
        var state = id.rawValue ^ 0x5EED_B0A5_CAFE_F00D
        var text = ""
        for _ in 0..<4 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            mixed ^= mixed >> 31
            let hex = String(mixed, radix: 16)
            text += String(repeating: "0", count: 16 - hex.count) + hex
        }
        return ["ETH", "BSC", "ARB", "OP", "MATIC", "BASE"].contains(network ?? "") ? "0x" + text : text
    }
}
