public import BourseCore
public import BourseStore
import GRDB

extension SQLiteStore {
    static let orderColumns = """
        SELECT id, account_id, market, side, ord_type, price, volume, time_in_force, smp_type, identifier, state, \
        created_ms, closed_ms, remaining_volume, executed_volume, executed_funds, reserved_fee, paid_fee, locked, \
        prevented_volume, prevented_locked, trades_count FROM orders
        """

    /// Writes each order's latest state. An order's terms (account, market, side, prices, identifier, creation)
    /// never change after it is placed, so an update sets only what can: unlike `INSERT OR REPLACE`, which
    /// deletes the row and its index entries and inserts them again, it leaves `orders_by_identifier`
    /// alone (a quarter less CPU per materialized order).
    static func upsert(_ orders: [OrderRecord], _ db: Database, pacer: inout WorkPacer) throws {
        var statement = try BulkStatement(
            db,
            sql: """
                INSERT INTO orders (id, account_id, market, side, ord_type, price, volume, time_in_force, \
                smp_type, identifier, state, created_ms, closed_ms, remaining_volume, executed_volume, executed_funds, \
                reserved_fee, paid_fee, locked, prevented_volume, prevented_locked, trades_count) \
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) \
                ON CONFLICT (id) DO UPDATE SET state = excluded.state, closed_ms = excluded.closed_ms, \
                remaining_volume = excluded.remaining_volume, executed_volume = excluded.executed_volume, \
                executed_funds = excluded.executed_funds, reserved_fee = excluded.reserved_fee, \
                paid_fee = excluded.paid_fee, locked = excluded.locked, prevented_volume = excluded.prevented_volume, \
                prevented_locked = excluded.prevented_locked, trades_count = excluded.trades_count
                """)
        for order in orders {
            statement.bind(Int64(bitPattern: order.id.rawValue))
            statement.bind(Int64(bitPattern: order.account.rawValue))
            statement.bind(order.market.description)
            statement.bind(order.side.rawValue)
            statement.bind(order.type.rawValue)
            statement.bind(order.price?.units)
            statement.bind(order.volume?.units)
            statement.bind(order.timeInForce?.rawValue)
            statement.bind(order.selfTradePrevention?.rawValue)
            statement.bind(order.identifier?.description)
            statement.bind(order.state.rawValue)
            statement.bind(order.createdAt.milliseconds)
            statement.bind(order.closedAt?.milliseconds)
            statement.bind(order.remainingVolume?.units)
            statement.bind(order.executedVolume.units)
            statement.bind(order.executedFunds.units)
            statement.bind(order.reservedFee.units)
            statement.bind(order.paidFee.units)
            statement.bind(order.locked.units)
            statement.bind(order.preventedVolume.units)
            statement.bind(order.preventedLocked.units)
            statement.bind(order.tradesCount)
            try statement.execute()
            try pacer.row()
        }
    }

    static func insert(_ fills: [OrderFill], _ db: Database, pacer: inout WorkPacer) throws {
        var statement = try BulkStatement(
            db,
            sql: """
                INSERT OR REPLACE INTO order_fills (order_id, trade_sequence, account_id, market, side, price, volume, \
                funds, fee, is_maker, taker_bought, time_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for fill in fills {
            statement.bind(Int64(bitPattern: fill.order.rawValue))
            statement.bind(Int64(bitPattern: fill.tradeSequence))
            statement.bind(Int64(bitPattern: fill.account.rawValue))
            statement.bind(fill.market.description)
            statement.bind(fill.side.rawValue)
            statement.bind(fill.price.units)
            statement.bind(fill.volume.units)
            statement.bind(fill.funds.units)
            statement.bind(fill.fee.units)
            statement.bind(fill.isMaker)
            statement.bind(fill.takerBought)
            statement.bind(fill.time.milliseconds)
            try statement.execute()
            try pacer.row()
        }
    }

    static let fillColumns = """
        SELECT order_id, trade_sequence, account_id, market, side, price, volume, funds, fee, is_maker, \
        taker_bought, time_ms FROM order_fills
        """

    // Reads take the pending changes first, then the orders database: a change leaves `pending` only after
    // it is committed there, so nothing falls between the two; where both have an order, `pending` is newer.

    /// The order `id` of `account`.
    public func order(_ id: OrderID, of account: AccountID) async throws -> OrderRecord? {
        if let record = pending.withLock({ $0.record(id) }) { return record.account == account ? record : nil }
        return try await ordersPool.read { db in
            try Row.fetchOne(
                db, sql: Self.orderColumns + " WHERE id = ? AND account_id = ?",
                arguments: [Int64(bitPattern: id.rawValue), Int64(bitPattern: account.rawValue)]
            ).map(Self.order)
        }
    }

    /// The order of `account` with `identifier`.
    public func order(identifier: OrderIdentifier, of account: AccountID) async throws -> OrderRecord? {
        let newer = pending.withLock { $0.records(of: account) }
        if let record = newer.values.first(where: { $0.identifier == identifier }) { return record }
        let stored = try await ordersPool.read { db in
            try Row.fetchOne(
                db, sql: Self.orderColumns + " WHERE account_id = ? AND identifier = ?",
                arguments: [Int64(bitPattern: account.rawValue), identifier.description]
            ).map(Self.order)
        }
        // A pending change of the stored order (it lost nothing but its state) is the newer one.
        return stored.map { newer[$0.id] ?? $0 }
    }

    /// The orders `query` selects (the `(account_id, state, id)` index serves the usual ones).
    public func orders(_ query: OrderQuery) async throws -> [OrderRecord] {
        guard !query.states.isEmpty, query.limit > 0, query.ids?.isEmpty != true, query.identifiers?.isEmpty != true
        else { return [] }
        let newer = pending.withLock { $0.records(of: query.account) }
        if newer.isEmpty { return try await storedOrders(query) }
        // Stored rows that `newer` replaces drop out, so enough are read to fill the page without them.
        var wider = query
        wider.offset = 0
        wider.limit = max(query.offset, 0) + query.limit + newer.count
        let merged =
            try await storedOrders(wider).filter { newer[$0.id] == nil } + newer.values.filter(query.matches)
        let sorted = merged.sorted { query.newestFirst ? $0.id > $1.id : $0.id < $1.id }
        return Array(sorted.dropFirst(max(query.offset, 0)).prefix(query.limit))
    }

    private func storedOrders(_ query: OrderQuery) async throws -> [OrderRecord] {
        var sql = Self.orderColumns + " WHERE account_id = ?"
        var arguments: StatementArguments = [Int64(bitPattern: query.account.rawValue)]
        let states = OrderState.allCases.filter(query.states.contains)
        sql += " AND state IN (" + states.map { _ in "?" }.joined(separator: ", ") + ")"
        arguments += StatementArguments(states.map(\.rawValue))
        if let market = query.market {
            sql += " AND market = ?"
            arguments += [market.description]
        }
        if let ids = query.ids {
            sql += " AND id IN (" + ids.map { _ in "?" }.joined(separator: ", ") + ")"
            arguments += StatementArguments(ids.map { Int64(bitPattern: $0.rawValue) })
        }
        if let identifiers = query.identifiers {
            sql += " AND identifier IN (" + identifiers.map { _ in "?" }.joined(separator: ", ") + ")"
            arguments += StatementArguments(identifiers.map(\.description))
        }
        if let from = query.createdFrom {
            sql += " AND created_ms >= ?"
            arguments += [from.milliseconds]
        }
        if let through = query.createdThrough {
            sql += " AND created_ms <= ?"
            arguments += [through.milliseconds]
        }
        sql += query.newestFirst ? " ORDER BY id DESC" : " ORDER BY id ASC"
        sql += " LIMIT ? OFFSET ?"
        arguments += [query.limit, max(query.offset, 0)]
        let (finalSQL, finalArguments) = (sql, arguments)
        return try await ordersPool.read { db in
            try Row.fetchAll(db, sql: finalSQL, arguments: finalArguments).map(Self.order)
        }
    }

    /// The fills of `id`, oldest first.
    public func fills(of id: OrderID) async throws -> [OrderFill] {
        let newer = pending.withLock { $0.fills(of: id) }
        let stored = try await ordersPool.read { db in
            try Row.fetchAll(
                db, sql: Self.fillColumns + " WHERE order_id = ? ORDER BY time_ms, trade_sequence",
                arguments: [Int64(bitPattern: id.rawValue)]
            ).map(Self.fill)
        }
        guard !newer.isEmpty else { return stored }
        let storedTrades = Set(stored.map(\.tradeSequence))
        return (stored + newer.filter { !storedTrades.contains($0.tradeSequence) }).sorted {
            ($0.time, $0.tradeSequence) < ($1.time, $1.tradeSequence)
        }
    }

    static func fill(_ row: Row) throws -> OrderFill {
        let id = OrderID(UInt64(bitPattern: row[0]))
        let market: String = row[3]
        let side: String = row[4]
        guard let code = MarketCode(market), let side = Side(rawValue: side) else {
            throw StoreError.corrupt("fill of order \(id): market '\(market)', side '\(side)'")
        }
        return OrderFill(
            order: id, account: AccountID(UInt64(bitPattern: row[2])), market: code,
            tradeSequence: UInt64(bitPattern: row[1]), side: side, price: Price(units: row[5]),
            volume: Volume(units: row[6]), funds: Funds(units: row[7]), fee: Funds(units: row[8]),
            isMaker: row[9], takerBought: row[10], time: Timestamp(milliseconds: row[11]))
    }

    static func order(_ row: Row) throws -> OrderRecord {
        let id = UInt64(bitPattern: row[0])
        let market: String = row[2]
        let side: String = row[3]
        let type: String = row[4]
        let state: String = row[10]
        let timeInForce: String? = row[7]
        let prevention: String? = row[8]
        let identifier: String? = row[9]
        guard let code = MarketCode(market), let side = Side(rawValue: side), let type = OrderType(rawValue: type),
            let state = OrderState(rawValue: state)
        else { throw StoreError.corrupt("order \(id): market '\(market)', side, type or state '\(state)'") }
        let price: Int64? = row[5]
        let volume: Int64? = row[6]
        let closed: Int64? = row[12]
        let remaining: Int64? = row[13]
        return OrderRecord(
            id: OrderID(id), account: AccountID(UInt64(bitPattern: row[1])), market: code, side: side, type: type,
            price: price.map(Price.init(units:)), volume: volume.map(Volume.init(units:)),
            timeInForce: try StoreError.decode(timeInForce, "time in force of order \(id)"),
            selfTradePrevention: try StoreError.decode(prevention, "smp type of order \(id)"),
            identifier: identifier.flatMap(OrderIdentifier.init), state: state,
            createdAt: Timestamp(milliseconds: row[11]), closedAt: closed.map(Timestamp.init(milliseconds:)),
            remainingVolume: remaining.map(Volume.init(units:)), executedVolume: Volume(units: row[14]),
            executedFunds: Funds(units: row[15]), reservedFee: Funds(units: row[16]), paidFee: Funds(units: row[17]),
            locked: Funds(units: row[18]), preventedVolume: Volume(units: row[19]),
            preventedLocked: Funds(units: row[20]), tradesCount: row[21])
    }
}
