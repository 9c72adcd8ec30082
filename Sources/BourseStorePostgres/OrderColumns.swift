import BourseCore
import BourseStore
import PostgresNIO

/// Order records as one array per column, upserted with one statement (`unnest`). Arrays cannot carry
/// nulls here, so absent values travel as a sentinel (`Int64.min`, or `""` for text, which no real value
/// is) and `NULLIF` turns them back into `NULL`.
struct OrderColumns {
    static let absent = Int64.min

    var ids: [Int64] = [], accounts: [Int64] = [], markets: [String] = [], sides: [String] = []
    var types: [String] = [], prices: [Int64] = [], volumes: [Int64] = [], timesInForce: [String] = []
    var preventions: [String] = [], identifiers: [String] = [], states: [String] = [], created: [Int64] = []
    var closed: [Int64] = [], remaining: [Int64] = [], executedVolumes: [Int64] = [], executedFunds: [Int64] = []
    var reservedFees: [Int64] = [], paidFees: [Int64] = [], locked: [Int64] = [], preventedVolumes: [Int64] = []
    var preventedLocked: [Int64] = [], tradesCounts: [Int64] = []

    /// The columns of `orders`.
    init(_ orders: [OrderRecord]) {
        for order in orders {
            ids.append(Int64(bitPattern: order.id.rawValue))
            accounts.append(Int64(bitPattern: order.account.rawValue))
            markets.append(order.market.description)
            sides.append(order.side.rawValue)
            types.append(order.type.rawValue)
            prices.append(order.price?.units ?? Self.absent)
            volumes.append(order.volume?.units ?? Self.absent)
            timesInForce.append(order.timeInForce?.rawValue ?? "")
            preventions.append(order.selfTradePrevention?.rawValue ?? "")
            identifiers.append(order.identifier?.description ?? "")
            states.append(order.state.rawValue)
            created.append(order.createdAt.milliseconds)
            closed.append(order.closedAt?.milliseconds ?? Self.absent)
            remaining.append(order.remainingVolume?.units ?? Self.absent)
            executedVolumes.append(order.executedVolume.units)
            executedFunds.append(order.executedFunds.units)
            reservedFees.append(order.reservedFee.units)
            paidFees.append(order.paidFee.units)
            locked.append(order.locked.units)
            preventedVolumes.append(order.preventedVolume.units)
            preventedLocked.append(order.preventedLocked.units)
            tradesCounts.append(Int64(order.tradesCount))
        }
    }

    /// Inserts every order, replacing a stored order with the same id.
    var upsertQuery: PostgresQuery {
        """
        INSERT INTO orders (id, account_id, market, side, ord_type, price, volume, time_in_force, smp_type,
                            identifier, state, created_ms, closed_ms, remaining_volume, executed_volume,
                            executed_funds, reserved_fee, paid_fee, locked, prevented_volume, prevented_locked,
                            trades_count)
        SELECT id, account_id, market, side, ord_type, NULLIF(price, \(Self.absent)), NULLIF(volume, \(Self.absent)),
               NULLIF(time_in_force, ''), NULLIF(smp_type, ''), NULLIF(identifier, ''), state, created_ms,
               NULLIF(closed_ms, \(Self.absent)), NULLIF(remaining_volume, \(Self.absent)), executed_volume,
               executed_funds, reserved_fee, paid_fee, locked, prevented_volume, prevented_locked, trades_count
        FROM unnest(
            \(ids)::bigint[], \(accounts)::bigint[], \(markets)::text[], \(sides)::text[], \(types)::text[],
            \(prices)::bigint[], \(volumes)::bigint[], \(timesInForce)::text[], \(preventions)::text[],
            \(identifiers)::text[], \(states)::text[], \(created)::bigint[], \(closed)::bigint[],
            \(remaining)::bigint[], \(executedVolumes)::bigint[], \(executedFunds)::bigint[],
            \(reservedFees)::bigint[], \(paidFees)::bigint[], \(locked)::bigint[], \(preventedVolumes)::bigint[],
            \(preventedLocked)::bigint[], \(tradesCounts)::bigint[]
        ) AS rows (id, account_id, market, side, ord_type, price, volume, time_in_force, smp_type, identifier,
                   state, created_ms, closed_ms, remaining_volume, executed_volume, executed_funds, reserved_fee,
                   paid_fee, locked, prevented_volume, prevented_locked, trades_count)
        ON CONFLICT (id) DO UPDATE SET
            state = excluded.state, closed_ms = excluded.closed_ms, remaining_volume = excluded.remaining_volume,
            executed_volume = excluded.executed_volume, executed_funds = excluded.executed_funds,
            paid_fee = excluded.paid_fee, locked = excluded.locked, prevented_volume = excluded.prevented_volume,
            prevented_locked = excluded.prevented_locked, trades_count = excluded.trades_count
        """
    }

    /// The columns `record(_:)` reads, in its order.
    static let selectList = """
        id, account_id, market, side, ord_type, price, volume, time_in_force, smp_type, identifier, state, \
        created_ms, closed_ms, remaining_volume, executed_volume, executed_funds, reserved_fee, paid_fee, locked, \
        prevented_volume, prevented_locked, trades_count
        """

    /// The order a row of ``selectList`` describes.
    static func record(_ row: PostgresRow) throws -> OrderRecord {
        let cells = row.makeRandomAccess()
        func int(_ index: Int) throws -> Int64 { try cells[index].decode(Int64.self) }
        func optionalInt(_ index: Int) throws -> Int64? { try cells[index].decode(Int64?.self) }
        func text(_ index: Int) throws -> String { try cells[index].decode(String.self) }
        func optionalText(_ index: Int) throws -> String? { try cells[index].decode(String?.self) }
        let id = try int(0)
        guard let market = MarketCode(try text(2)), let side = Side(rawValue: try text(3)),
            let type = OrderType(rawValue: try text(4)), let state = OrderState(rawValue: try text(10))
        else { throw StoreError.corrupt("order \(id) has an unknown market, side, type or state") }
        let timeInForce = try optionalText(7)
        let prevention = try optionalText(8)
        let identifier = try optionalText(9)
        let tif: TimeInForce? = try StoreError.decode(timeInForce, "time in force of order \(id)")
        let smp: SelfTradePrevention? = try StoreError.decode(prevention, "smp type of order \(id)")
        return OrderRecord(
            id: OrderID(UInt64(bitPattern: id)), account: AccountID(UInt64(bitPattern: try int(1))), market: market,
            side: side, type: type, price: try optionalInt(5).map(Price.init(units:)),
            volume: try optionalInt(6).map(Volume.init(units:)), timeInForce: tif, selfTradePrevention: smp,
            identifier: identifier.flatMap(OrderIdentifier.init), state: state,
            createdAt: Timestamp(milliseconds: try int(11)),
            closedAt: try optionalInt(12).map(Timestamp.init(milliseconds:)),
            remainingVolume: try optionalInt(13).map(Volume.init(units:)), executedVolume: Volume(units: try int(14)),
            executedFunds: Funds(units: try int(15)), reservedFee: Funds(units: try int(16)),
            paidFee: Funds(units: try int(17)), locked: Funds(units: try int(18)),
            preventedVolume: Volume(units: try int(19)), preventedLocked: Funds(units: try int(20)),
            tradesCount: Int(try int(21)))
    }
}

/// Fills as one array per column, inserted with one statement.
struct FillColumns {
    var orders: [Int64] = [], sequences: [Int64] = [], accounts: [Int64] = [], markets: [String] = []
    var sides: [String] = [], prices: [Int64] = [], volumes: [Int64] = [], funds: [Int64] = [], fees: [Int64] = []
    var makers: [Bool] = [], takerBought: [Bool] = [], times: [Int64] = []

    /// The columns of `fills`.
    init(_ fills: [OrderFill]) {
        for fill in fills {
            orders.append(Int64(bitPattern: fill.order.rawValue))
            sequences.append(Int64(bitPattern: fill.tradeSequence))
            accounts.append(Int64(bitPattern: fill.account.rawValue))
            markets.append(fill.market.description)
            sides.append(fill.side.rawValue)
            prices.append(fill.price.units)
            volumes.append(fill.volume.units)
            funds.append(fill.funds.units)
            fees.append(fill.fee.units)
            makers.append(fill.isMaker)
            takerBought.append(fill.takerBought)
            times.append(fill.time.milliseconds)
        }
    }

    /// Inserts every fill.
    var insertQuery: PostgresQuery {
        """
        INSERT INTO order_fills (order_id, trade_sequence, account_id, market, side, price, volume, funds, fee,
                                 is_maker, taker_bought, time_ms)
        SELECT * FROM unnest(
            \(orders)::bigint[], \(sequences)::bigint[], \(accounts)::bigint[], \(markets)::text[], \(sides)::text[],
            \(prices)::bigint[], \(volumes)::bigint[], \(funds)::bigint[], \(fees)::bigint[], \(makers)::boolean[],
            \(takerBought)::boolean[], \(times)::bigint[])
        ON CONFLICT (order_id, trade_sequence) DO NOTHING
        """
    }
}
