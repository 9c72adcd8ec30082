public import BourseCore
public import BourseStore
import GRDB

extension SQLiteStore {
    /// The columns every alert query reads, in ``alert(_:)``'s order.
    private static let alertColumns =
        "id, account_id, kind, market, item_id, line, direction, minutes, state, created_ms, ended_ms"

    /// Stores an active alert unless the owner holds `maximumActive` already (one write block: no race).
    public func addAlert(_ alert: Alert, maximumActive: Int, keepingEnded: Int) async throws -> Alert? {
        let row = AlertRow(alert.condition)
        let account = Int64(alert.account.rawValue)
        return try await pool.write { db in
            let active =
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM alerts WHERE account_id = ? AND state = 'active'",
                    arguments: [account]) ?? 0
            guard active < maximumActive else { return nil }
            try db.execute(
                sql: """
                    DELETE FROM alerts WHERE account_id = ? AND state <> 'active' AND id NOT IN (
                        SELECT id FROM alerts WHERE account_id = ? AND state <> 'active' ORDER BY id DESC LIMIT ?)
                    """,
                arguments: [account, account, max(0, keepingEnded)])
            try db.execute(
                sql: """
                    INSERT INTO alerts (account_id, kind, market, item_id, line, direction, minutes, created_ms)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    Int64(alert.account.rawValue), row.kind, row.market, row.item, row.line, row.direction,
                    row.minutes, alert.createdAt.milliseconds,
                ])
            var stored = alert
            stored.id = UInt64(db.lastInsertedRowID)
            stored.state = .active
            stored.endedAt = nil
            return stored
        }
    }

    /// An account's alerts, newest first: the active ones, then up to `ended` others.
    public func alerts(of account: AccountID, ended: Int) async throws -> [Alert] {
        try await pool.read { db in
            let active = try Row.fetchAll(
                db,
                sql:
                    "SELECT \(Self.alertColumns) FROM alerts WHERE account_id = ? AND state = 'active' ORDER BY id DESC",
                arguments: [Int64(account.rawValue)])
            let others = try Row.fetchAll(
                db,
                sql: """
                    SELECT \(Self.alertColumns) FROM alerts WHERE account_id = ? AND state <> 'active'
                    ORDER BY id DESC LIMIT ?
                    """,
                arguments: [Int64(account.rawValue), max(0, ended)])
            return (active + others).compactMap(Self.alert)
        }
    }

    /// Every active alert, oldest first.
    public func activeAlerts() async throws -> [Alert] {
        try await pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT \(Self.alertColumns) FROM alerts WHERE state = 'active' ORDER BY id"
            ).compactMap(Self.alert)
        }
    }

    /// Deletes an account's alert.
    public func deleteAlert(_ id: UInt64, of account: AccountID) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: "DELETE FROM alerts WHERE id = ? AND account_id = ?",
                arguments: [Int64(clamping: id), Int64(account.rawValue)])
            return db.changesCount > 0
        }
    }

    /// Ends the still-active alerts among `endings`, storing the notifications of those that fired.
    public func endAlerts(_ endings: [AlertEnding]) async throws -> [AlertEnding] {
        guard !endings.isEmpty else { return [] }
        return try await pool.write { db in
            var ended: [AlertEnding] = []
            for var ending in endings {
                try db.execute(
                    sql: "UPDATE alerts SET state = ?, ended_ms = ? WHERE id = ? AND state = 'active'",
                    arguments: [ending.state.rawValue, ending.at.milliseconds, Int64(clamping: ending.id)])
                guard db.changesCount > 0 else { continue }
                ending.notification = try ending.notification.map { try Self.insert($0, into: db) }
                if let account = ending.notification?.account { try Self.trimInbox(of: account, db) }
                ended.append(ending)
            }
            return ended
        }
    }

    /// The alert a row of ``alertColumns`` holds; nil for a kind this version does not know.
    private static func alert(_ row: Row) -> Alert? {
        let columns = AlertRow(
            kind: row[2], market: row[3], item: row[4], line: row[5], direction: row[6], minutes: row[7])
        guard let condition = columns.condition, let state = AlertState(rawValue: row[8]) else { return nil }
        return Alert(
            id: UInt64(row[0] as Int64), account: AccountID(UInt64(row[1] as Int64)), condition: condition,
            state: state, createdAt: Timestamp(milliseconds: row[9]),
            endedAt: (row[10] as Int64?).map(Timestamp.init(milliseconds:)))
    }
}
