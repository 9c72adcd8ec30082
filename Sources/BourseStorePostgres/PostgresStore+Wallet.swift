public import BourseCore
public import BourseStore
import PostgresNIO

extension PostgresStore {
    /// The deposits of `account`; absent filters are bound as `NULL` and switch themselves off.
    public func deposits(
        of account: AccountID, currency: String?, ids: [UInt64]?, newestFirst: Bool, limit: Int, offset: Int
    ) async throws -> [DepositRecord] {
        guard limit > 0, ids?.isEmpty != true else { return [] }
        let idList = ids.map { $0.map { Int64(bitPattern: $0) } }
        return try await withClient { client in
            let rows = try await client.query(
                """
                SELECT id, currency, amount, time_ms FROM deposits
                WHERE account_id = \(Int64(bitPattern: account.rawValue))
                  AND (\(currency)::text IS NULL OR currency = \(currency))
                  AND (\(idList)::bigint[] IS NULL OR id = ANY(\(idList)::bigint[]))
                ORDER BY id \(unescaped: newestFirst ? "DESC" : "ASC")
                LIMIT \(Int64(limit)) OFFSET \(Int64(max(offset, 0)))
                """,
                logger: logger)
            var deposits: [DepositRecord] = []
            for try await (id, currency, amount, time) in rows.decode((Int64, String, Int64, Int64).self) {
                deposits.append(
                    DepositRecord(
                        id: UInt64(bitPattern: id), account: account, currency: currency, amount: Funds(units: amount),
                        time: Timestamp(milliseconds: time)))
            }
            return deposits
        }
    }
}
