public import BourseCore
public import BourseStore
import GRDB

extension SQLiteStore {
    static func insert(_ deposits: [DepositRecord], _ db: Database) throws {
        let statement = try db.cachedStatement(
            sql: "INSERT INTO deposits (id, account_id, currency, amount, time_ms) VALUES (?, ?, ?, ?, ?)")
        for deposit in deposits {
            statement.setUncheckedArguments([
                Int64(bitPattern: deposit.id), Int64(bitPattern: deposit.account.rawValue), deposit.currency,
                deposit.amount.units, deposit.time.milliseconds,
            ])
            try statement.execute()
        }
    }

    /// The deposits of `account` (served by the `(account_id, id)` index).
    public func deposits(
        of account: AccountID, currency: String?, ids: [UInt64]?, newestFirst: Bool, limit: Int, offset: Int
    ) async throws -> [DepositRecord] {
        guard limit > 0, ids?.isEmpty != true else { return [] }
        var sql = "SELECT id, currency, amount, time_ms FROM deposits WHERE account_id = ?"
        var arguments: StatementArguments = [Int64(bitPattern: account.rawValue)]
        if let currency {
            sql += " AND currency = ?"
            arguments += [currency]
        }
        if let ids {
            sql += " AND id IN (" + ids.map { _ in "?" }.joined(separator: ", ") + ")"
            arguments += StatementArguments(ids.map { Int64(bitPattern: $0) })
        }
        sql += newestFirst ? " ORDER BY id DESC" : " ORDER BY id ASC"
        sql += " LIMIT ? OFFSET ?"
        arguments += [limit, max(offset, 0)]
        let (finalSQL, finalArguments) = (sql, arguments)
        return try await pool.read { db in
            try Row.fetchAll(db, sql: finalSQL, arguments: finalArguments).map { row in
                DepositRecord(
                    id: UInt64(bitPattern: row[0]), account: account, currency: row[1], amount: Funds(units: row[2]),
                    time: Timestamp(milliseconds: row[3]))
            }
        }
    }
}
