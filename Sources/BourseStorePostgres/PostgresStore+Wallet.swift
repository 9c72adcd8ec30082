public import BourseCore
public import BourseStore
import PostgresNIO

extension PostgresStore {
    /// Writes one transfer record over the stored one with its kind and id (transfers are few: one
    /// statement each keeps repeated ids within a commit in order).
    static func upsert(_ transfer: TransferRecord, on connection: PostgresConnection, logger: Logger) async throws {
        let kind = Int16(transfer.kind.rawValue)
        let done = transfer.doneAt?.milliseconds
        try await connection.query(
            """
            INSERT INTO transfers (kind, id, account_id, currency, net_type, amount, fee, state, txid, address, memo,
                                   internal, created_ms, done_ms)
            VALUES (\(kind), \(Int64(bitPattern: transfer.id)), \(Int64(bitPattern: transfer.account.rawValue)),
                    \(transfer.currency), \(transfer.network), \(transfer.amount.units), \(transfer.fee.units),
                    \(transfer.state), \(transfer.txid), \(transfer.address), \(transfer.memo), \(transfer.isInternal),
                    \(transfer.createdAt.milliseconds), \(done))
            ON CONFLICT (kind, id) DO UPDATE SET
                state = excluded.state, txid = excluded.txid, done_ms = excluded.done_ms, amount = excluded.amount,
                fee = excluded.fee
            """,
            logger: logger)
    }

    /// The transfers `query` selects; absent filters are bound as `NULL` and switch themselves off.
    public func transfers(_ query: TransferQuery) async throws -> [TransferRecord] {
        guard query.limit > 0, query.ids?.isEmpty != true, query.txids?.isEmpty != true,
            query.states?.isEmpty != true
        else { return [] }
        let ids = query.ids.map { $0.map { Int64(bitPattern: $0) } }
        let (txids, states, currency) = (query.txids, query.states, query.currency)
        let order = query.newestFirst ? "DESC" : "ASC"
        return try await withClient { client in
            let rows = try await client.query(
                """
                SELECT kind, id, currency, net_type, amount, fee, state, txid, address, memo, internal, created_ms,
                       done_ms
                FROM transfers
                WHERE account_id = \(Int64(bitPattern: query.account.rawValue)) AND kind = \(Int16(query.kind.rawValue))
                  AND (\(currency)::text IS NULL OR currency = \(currency))
                  AND (\(ids)::bigint[] IS NULL OR id = ANY(\(ids)::bigint[]))
                  AND (\(txids)::text[] IS NULL OR txid = ANY(\(txids)::text[]))
                  AND (\(states)::text[] IS NULL OR state = ANY(\(states)::text[]))
                ORDER BY created_ms \(unescaped: order), id \(unescaped: order)
                LIMIT \(Int64(query.limit)) OFFSET \(Int64(max(query.offset, 0)))
                """,
                logger: logger)
            var records: [TransferRecord] = []
            for try await row in rows {
                let (kind, id, currency, network, amount, fee, state) = try row.decode(
                    (Int16, Int64, String, String?, Int64, Int64, String).self)
                let columns = row.makeRandomAccess()
                let txid = try columns[7].decode(String?.self)
                let address = try columns[8].decode(String?.self)
                let memo = try columns[9].decode(String?.self)
                let isInternal = try columns[10].decode(Bool.self)
                let created = try columns[11].decode(Int64.self)
                let done = try columns[12].decode(Int64?.self)
                records.append(
                    TransferRecord(
                        kind: TransferRecord.Kind(rawValue: Int(kind)) ?? .deposit, id: UInt64(bitPattern: id),
                        account: query.account, currency: currency, network: network, amount: Funds(units: amount),
                        fee: Funds(units: fee), state: state, txid: txid, address: address, memo: memo,
                        isInternal: isInternal, createdAt: Timestamp(milliseconds: created),
                        doneAt: done.map { Timestamp(milliseconds: $0) }))
            }
            return records
        }
    }

    /// `account`'s addresses of `kind`, oldest first.
    public func addresses(of account: AccountID, kind: TransferRecord.Kind) async throws -> [WalletAddress] {
        try await withClient { client in
            let rows = try await client.query(
                """
                SELECT account_id, currency, net_type, address, memo, created_ms FROM wallet_addresses
                WHERE kind = \(Int16(kind.rawValue)) AND account_id = \(Int64(bitPattern: account.rawValue))
                ORDER BY created_ms, currency, net_type, address
                """,
                logger: logger)
            return try await Self.addresses(rows, kind: kind)
        }
    }

    /// The address `address` on `network`.
    public func address(_ address: String, network: String, kind: TransferRecord.Kind) async throws -> WalletAddress? {
        try await withClient { client in
            let rows = try await client.query(
                """
                SELECT account_id, currency, net_type, address, memo, created_ms FROM wallet_addresses
                WHERE kind = \(Int16(kind.rawValue)) AND net_type = \(network) AND address = \(address)
                ORDER BY created_ms LIMIT 1
                """,
                logger: logger)
            return try await Self.addresses(rows, kind: kind).first
        }
    }

    /// Keeps `address`.
    public func save(_ address: WalletAddress) async throws {
        _ = try await withClient { client in
            try await client.query(
                """
                INSERT INTO wallet_addresses (kind, account_id, currency, net_type, address, memo, created_ms)
                VALUES (\(Int16(address.kind.rawValue)), \(Int64(bitPattern: address.account.rawValue)),
                        \(address.currency), \(address.network), \(address.address), \(address.memo),
                        \(address.createdAt.milliseconds))
                ON CONFLICT (kind, account_id, currency, net_type, address) DO UPDATE SET memo = excluded.memo
                """,
                logger: logger)
        }
    }

    private static func addresses(
        _ rows: PostgresRowSequence, kind: TransferRecord.Kind
    ) async throws -> [WalletAddress] {
        var addresses: [WalletAddress] = []
        for try await (account, currency, network, address, memo, created) in rows.decode(
            (Int64, String, String, String, String?, Int64).self)
        {
            addresses.append(
                WalletAddress(
                    kind: kind, account: AccountID(UInt64(bitPattern: account)), currency: currency, network: network,
                    address: address, memo: memo, createdAt: Timestamp(milliseconds: created)))
        }
        return addresses
    }
}
