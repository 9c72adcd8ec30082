public import BourseCore
public import BourseStore
import GRDB

extension SQLiteStore {
    static func upsert(_ transfers: [TransferRecord], _ db: Database) throws {
        let statement = try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO transfers (kind, id, account_id, currency, net_type, amount, fee, state, txid,
                    address, memo, internal, created_ms, done_ms)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for transfer in transfers {
            statement.setUncheckedArguments([
                transfer.kind.rawValue, Int64(bitPattern: transfer.id), Int64(bitPattern: transfer.account.rawValue),
                transfer.currency, transfer.network, transfer.amount.units, transfer.fee.units, transfer.state,
                transfer.txid, transfer.address, transfer.memo, transfer.isInternal ? 1 : 0,
                transfer.createdAt.milliseconds, transfer.doneAt?.milliseconds,
            ])
            try statement.execute()
        }
    }

    /// The transfers `query` selects (served by the `(account_id, kind, created_ms, id)` index).
    public func transfers(_ query: TransferQuery) async throws -> [TransferRecord] {
        guard query.limit > 0, query.ids?.isEmpty != true, query.txids?.isEmpty != true,
            query.states?.isEmpty != true
        else { return [] }
        var sql = """
            SELECT kind, id, currency, net_type, amount, fee, state, txid, address, memo, internal, created_ms, done_ms
            FROM transfers WHERE account_id = ? AND kind = ?
            """
        var arguments: StatementArguments = [Int64(bitPattern: query.account.rawValue), query.kind.rawValue]
        if let currency = query.currency {
            sql += " AND currency = ?"
            arguments += [currency]
        }
        func list(_ column: String, _ values: [some DatabaseValueConvertible]) {
            sql += " AND \(column) IN (" + values.map { _ in "?" }.joined(separator: ", ") + ")"
            arguments += StatementArguments(values)
        }
        if let ids = query.ids { list("id", ids.map { Int64(bitPattern: $0) }) }
        if let txids = query.txids { list("txid", txids) }
        if let states = query.states { list("state", states) }
        sql += query.newestFirst ? " ORDER BY created_ms DESC, id DESC" : " ORDER BY created_ms ASC, id ASC"
        sql += " LIMIT ? OFFSET ?"
        arguments += [query.limit, max(query.offset, 0)]
        let (finalSQL, finalArguments, account) = (sql, arguments, query.account)
        return try await pool.read { db in
            try Row.fetchAll(db, sql: finalSQL, arguments: finalArguments).map { row in
                TransferRecord(
                    kind: TransferRecord.Kind(rawValue: row[0]) ?? .deposit, id: UInt64(bitPattern: row[1]),
                    account: account, currency: row[2], network: row[3], amount: Funds(units: row[4]),
                    fee: Funds(units: row[5]), state: row[6], txid: row[7], address: row[8], memo: row[9],
                    isInternal: (row[10] as Int64) != 0, createdAt: Timestamp(milliseconds: row[11]),
                    doneAt: (row[12] as Int64?).map { Timestamp(milliseconds: $0) })
            }
        }
    }

    /// `account`'s addresses of `kind`, oldest first.
    public func addresses(of account: AccountID, kind: TransferRecord.Kind) async throws -> [WalletAddress] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT account_id, currency, net_type, address, memo, created_ms FROM wallet_addresses
                    WHERE kind = ? AND account_id = ? ORDER BY created_ms, currency, net_type, address
                    """, arguments: [kind.rawValue, Int64(bitPattern: account.rawValue)]
            ).map { Self.address($0, kind: kind) }
        }
    }

    /// The address `address` on `network`.
    public func address(_ address: String, network: String, kind: TransferRecord.Kind) async throws -> WalletAddress? {
        try await pool.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT account_id, currency, net_type, address, memo, created_ms FROM wallet_addresses
                    WHERE kind = ? AND net_type = ? AND address = ? ORDER BY created_ms LIMIT 1
                    """, arguments: [kind.rawValue, network, address]
            ).map { Self.address($0, kind: kind) }
        }
    }

    /// Keeps `address`.
    public func save(_ address: WalletAddress) async throws {
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO wallet_addresses (kind, account_id, currency, net_type, address, memo,
                        created_ms)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    address.kind.rawValue, Int64(bitPattern: address.account.rawValue), address.currency,
                    address.network, address.address, address.memo, address.createdAt.milliseconds,
                ])
        }
    }

    private static func address(_ row: Row, kind: TransferRecord.Kind) -> WalletAddress {
        WalletAddress(
            kind: kind, account: AccountID(UInt64(bitPattern: row[0])), currency: row[1], network: row[2],
            address: row[3], memo: row[4], createdAt: Timestamp(milliseconds: row[5]))
    }
}
