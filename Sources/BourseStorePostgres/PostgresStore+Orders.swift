public import BourseCore
public import BourseStore
import PostgresNIO

extension PostgresStore {
    /// The order `id` of `account`.
    public func order(_ id: OrderID, of account: AccountID) async throws -> OrderRecord? {
        try await orderRows(
            """
            SELECT \(unescaped: OrderColumns.selectList) FROM orders
            WHERE id = \(Int64(bitPattern: id.rawValue)) AND account_id = \(Int64(bitPattern: account.rawValue))
            """
        ).first
    }

    /// The order of `account` with `identifier`.
    public func order(identifier: OrderIdentifier, of account: AccountID) async throws -> OrderRecord? {
        try await orderRows(
            """
            SELECT \(unescaped: OrderColumns.selectList) FROM orders
            WHERE account_id = \(Int64(bitPattern: account.rawValue)) AND identifier = \(identifier.description)
            """
        ).first
    }

    /// The orders `query` selects; absent filters are bound as `NULL` and switch themselves off.
    public func orders(_ query: OrderQuery) async throws -> [OrderRecord] {
        guard !query.states.isEmpty, query.limit > 0, query.ids?.isEmpty != true, query.identifiers?.isEmpty != true
        else { return [] }
        let states = OrderState.allCases.filter(query.states.contains).map(\.rawValue)
        let ids = query.ids.map { $0.map { Int64(bitPattern: $0.rawValue) } }
        let identifiers = query.identifiers.map { $0.map(\.description) }
        return try await orderRows(
            """
            SELECT \(unescaped: OrderColumns.selectList) FROM orders
            WHERE account_id = \(Int64(bitPattern: query.account.rawValue)) AND state = ANY(\(states)::text[])
              AND (\(query.market?.description)::text IS NULL OR market = \(query.market?.description))
              AND (\(ids)::bigint[] IS NULL OR id = ANY(\(ids)::bigint[]))
              AND (\(identifiers)::text[] IS NULL OR identifier = ANY(\(identifiers)::text[]))
              AND (\(query.createdFrom?.milliseconds)::bigint IS NULL
                   OR created_ms >= \(query.createdFrom?.milliseconds))
              AND (\(query.createdThrough?.milliseconds)::bigint IS NULL
                   OR created_ms <= \(query.createdThrough?.milliseconds))
            ORDER BY id \(unescaped: query.newestFirst ? "DESC" : "ASC")
            LIMIT \(Int64(query.limit)) OFFSET \(Int64(max(query.offset, 0)))
            """)
    }

    /// The fills of `id`, oldest first.
    public func fills(of id: OrderID) async throws -> [OrderFill] {
        try await withClient { client in
            let rows = try await client.query(
                """
                SELECT trade_sequence, account_id, market, side, price, volume, funds, fee, is_maker, taker_bought,
                       time_ms
                FROM order_fills WHERE order_id = \(Int64(bitPattern: id.rawValue)) ORDER BY time_ms, trade_sequence
                """,
                logger: logger)
            var fills: [OrderFill] = []
            for try await row in rows {
                let cells = row.makeRandomAccess()
                let market = try cells[2].decode(String.self)
                let side = try cells[3].decode(String.self)
                guard let code = MarketCode(market), let side = Side(rawValue: side) else {
                    throw StoreError.corrupt("fill of order \(id): market '\(market)', side '\(side)'")
                }
                fills.append(
                    OrderFill(
                        order: id, account: AccountID(UInt64(bitPattern: try cells[1].decode(Int64.self))),
                        market: code, tradeSequence: UInt64(bitPattern: try cells[0].decode(Int64.self)), side: side,
                        price: Price(units: try cells[4].decode(Int64.self)),
                        volume: Volume(units: try cells[5].decode(Int64.self)),
                        funds: Funds(units: try cells[6].decode(Int64.self)),
                        fee: Funds(units: try cells[7].decode(Int64.self)), isMaker: try cells[8].decode(Bool.self),
                        takerBought: try cells[9].decode(Bool.self),
                        time: Timestamp(milliseconds: try cells[10].decode(Int64.self))))
            }
            return fills
        }
    }

    private func orderRows(_ query: PostgresQuery) async throws -> [OrderRecord] {
        try await withClient { client in
            var records: [OrderRecord] = []
            for try await row in try await client.query(query, logger: logger) {
                records.append(try OrderColumns.record(row))
            }
            return records
        }
    }
}
