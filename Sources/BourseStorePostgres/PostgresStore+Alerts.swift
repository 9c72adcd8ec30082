public import BourseCore
public import BourseStore
import PostgresNIO

extension PostgresStore {
    /// The columns every alert query reads, in ``alerts(in:)``'s order.
    private static let alertColumns =
        "id, account_id, kind, market, item_id, line, direction, minutes, state, created_ms, ended_ms"

    /// Stores an active alert unless the owner holds `maximumActive` already: the owner's account row is
    /// locked for the transaction, so two requests of one user count and add in turn.
    public func addAlert(_ alert: Alert, maximumActive: Int, keepingEnded: Int) async throws -> Alert? {
        let row = AlertRow(alert.condition)
        let account = Int64(alert.account.rawValue)
        return try await transaction { connection in
            _ = try await connection.query("SELECT id FROM accounts WHERE id = \(account) FOR UPDATE", logger: logger)
                .collect()
            var active: Int64 = 0
            for try await count in try await connection.query(
                "SELECT count(*) FROM alerts WHERE account_id = \(account) AND state = 'active'", logger: logger
            ).decode(Int64.self) {
                active = count
            }
            guard active < Int64(maximumActive) else { return nil }
            _ = try await connection.query(
                """
                DELETE FROM alerts WHERE account_id = \(account) AND state <> 'active' AND id NOT IN (
                    SELECT id FROM alerts WHERE account_id = \(account) AND state <> 'active'
                    ORDER BY id DESC LIMIT \(Int64(max(0, keepingEnded))))
                """,
                logger: logger
            ).collect()
            let rows = try await connection.query(
                """
                INSERT INTO alerts (account_id, kind, market, item_id, line, direction, minutes, created_ms)
                VALUES (\(account), \(row.kind), \(row.market), \(row.item), \(row.line),
                        \(row.direction), \(row.minutes), \(alert.createdAt.milliseconds))
                RETURNING id
                """,
                logger: logger)
            var stored: Alert?
            for try await id in rows.decode(Int64.self) {
                stored = alert
                stored?.id = UInt64(id)
                stored?.state = .active
                stored?.endedAt = nil
            }
            guard let stored else { throw StoreError.corrupt("INSERT INTO alerts returned no id") }
            return stored
        }
    }

    /// An account's alerts, newest first: the active ones, then up to `ended` others.
    public func alerts(of account: AccountID, ended: Int) async throws -> [Alert] {
        try await withClient { client in
            let active = try await Self.alerts(
                in: client.query(
                    """
                    SELECT \(unescaped: Self.alertColumns) FROM alerts
                    WHERE account_id = \(Int64(account.rawValue)) AND state = 'active' ORDER BY id DESC
                    """,
                    logger: logger))
            let others = try await Self.alerts(
                in: client.query(
                    """
                    SELECT \(unescaped: Self.alertColumns) FROM alerts
                    WHERE account_id = \(Int64(account.rawValue)) AND state <> 'active'
                    ORDER BY id DESC LIMIT \(Int64(max(0, ended)))
                    """,
                    logger: logger))
            return active + others
        }
    }

    /// Every active alert, oldest first.
    public func activeAlerts() async throws -> [Alert] {
        try await withClient { client in
            try await Self.alerts(
                in: client.query(
                    "SELECT \(unescaped: Self.alertColumns) FROM alerts WHERE state = 'active' ORDER BY id",
                    logger: logger))
        }
    }

    /// Deletes an account's alert.
    public func deleteAlert(_ id: UInt64, of account: AccountID) async throws -> Bool {
        try await withClient { client in
            let rows = try await client.query(
                """
                DELETE FROM alerts WHERE id = \(Int64(clamping: id)) AND account_id = \(Int64(account.rawValue))
                RETURNING id
                """,
                logger: logger)
            var deleted = false
            for try await _ in rows.decode(Int64.self) { deleted = true }
            return deleted
        }
    }

    /// Ends the still-active alerts among `endings`, storing the notifications of those that fired.
    public func endAlerts(_ endings: [AlertEnding]) async throws -> [AlertEnding] {
        guard !endings.isEmpty else { return [] }
        return try await transaction { connection in
            var stored: [AlertEnding] = []
            for var ending in endings {
                let rows = try await connection.query(
                    """
                    UPDATE alerts SET state = \(ending.state.rawValue), ended_ms = \(ending.at.milliseconds)
                    WHERE id = \(Int64(clamping: ending.id)) AND state = 'active'
                    RETURNING id
                    """,
                    logger: logger)
                var ended = false
                for try await _ in rows.decode(Int64.self) { ended = true }
                guard ended else { continue }
                if let notification = ending.notification {
                    ending.notification = try await insert(notification, on: connection)
                    try await trimInbox(of: notification.account, on: connection)
                }
                stored.append(ending)
            }
            return stored
        }
    }

    /// The alerts `rows` of ``alertColumns`` hold (kinds this version does not know are skipped).
    private static func alerts(in rows: PostgresRowSequence) async throws -> [Alert] {
        var alerts: [Alert] = []
        for try await (id, account, kind, market, item, line, direction, minutes, state, created, ended) in rows.decode(
            (Int64, Int64, String, String?, Int64?, String, String?, Int64?, String, Int64, Int64?).self)
        {
            let row = AlertRow(
                kind: kind, market: market, item: item, line: line, direction: direction, minutes: minutes)
            guard let condition = row.condition, let state = AlertState(rawValue: state) else { continue }
            alerts.append(
                Alert(
                    id: UInt64(id), account: AccountID(UInt64(account)), condition: condition, state: state,
                    createdAt: Timestamp(milliseconds: created), endedAt: ended.map(Timestamp.init(milliseconds:))))
        }
        return alerts
    }
}
