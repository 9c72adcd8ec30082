public import BourseCore

extension Store {
    /// Every disagreement between the stored order history of the store's accounts and `state` (the
    /// state a full replay of the same journal reaches), as sentences; empty when they agree.
    ///
    /// It checks that each stored open order is open in the engine with the same record, that each order
    /// the engine holds for a stored account is stored as open, and that every stored order's figures
    /// (trades count, executed volume and funds, fees) are the sums of its stored fills. The ledger audit
    /// cannot see any of this: an order the store calls open while the engine no longer holds it locks
    /// nothing, so balances still add up (that is how the demo's id collision went unnoticed).
    ///
    /// It reads every order and fill of every account, so it is for `bourse journal check` and tests.
    public func orderViolations(against state: ExchangeState) async throws -> [String] {
        var violations: [String] = []
        let accounts = try await accounts().map(\.id)
        for account in accounts {
            var storedOpen: Set<OrderID> = []
            var offset = 0
            while true {
                let page = try await orders(
                    OrderQuery(account: account, newestFirst: false, limit: 500, offset: offset))
                for record in page {
                    if record.state == .wait {
                        storedOpen.insert(record.id)
                        violations += Self.openViolations(record, state: state)
                    }
                    violations += Self.fillViolations(record, fills: try await fills(of: record.id))
                }
                guard page.count == 500 else { break }
                offset += 500
            }
            for (id, record) in state.orders.open where record.account == account && !storedOpen.contains(id) {
                violations.append("order \(id) of account \(account): open in the engine, not stored as open")
            }
        }
        return violations
    }

    private static func openViolations(_ record: OrderRecord, state: ExchangeState) -> [String] {
        let name = "order \(record.id) of account \(record.account)"
        guard let held = state.orders.open[record.id], held.account == record.account,
            state.exchange.openOrder(record.id)?.account == record.account
        else { return ["\(name): stored as open, but the engine does not hold it"] }
        return held == record ? [] : ["\(name): stored record differs from the engine's"]
    }

    private static func fillViolations(_ record: OrderRecord, fills: [OrderFill]) -> [String] {
        let name = "order \(record.id) of account \(record.account)"
        var violations: [String] = []
        if fills.contains(where: { $0.account != record.account || $0.market != record.market }) {
            violations.append("\(name): a fill of another account or market")
        }
        if fills.count != record.tradesCount {
            violations.append("\(name): trades_count \(record.tradesCount) ≠ \(fills.count) fills")
        }
        let volume = fills.reduce(0) { $0 + $1.volume.units }
        if volume != record.executedVolume.units {
            violations.append("\(name): executed volume \(record.executedVolume.units) ≠ fills' \(volume)")
        }
        let funds = fills.reduce(0) { $0 + $1.funds.units }
        if funds != record.executedFunds.units {
            violations.append("\(name): executed funds \(record.executedFunds.units) ≠ fills' \(funds)")
        }
        let fee = fills.reduce(0) { $0 + $1.fee.units }
        if fee != record.paidFee.units {
            violations.append("\(name): paid fee \(record.paidFee.units) ≠ fills' \(fee)")
        }
        return violations
    }
}
