import BourseCore
import BourseStore

/// The bytes of one `order_log` row: the order records and fills of one journal commit.
///
/// Small on purpose, since every command pays for it on the commit path: integers are LEB128 varints
/// (signed ones zigzagged), ids and times are deltas from the previous record's, a record's enums share
/// one byte, and each market name is written once per row. A version byte leads and an FNV-1a-64 checksum
/// ends the row, as in journal records.
///
/// ```
/// version u8 · markets: count, (short text)* · records: count, record* · fills: count, fill* · fnv1a u64
/// ```
enum OrderLogCodec {
    static let version: UInt8 = 1

    /// The row holding `records` and `fills`.
    static func encode(_ records: [OrderRecord], _ fills: [OrderFill]) -> [UInt8] {
        var writer = ByteWriter(capacity: 48 * records.count + 40 * fills.count + 32)
        writer.write(version)
        var markets: [MarketCode: Int] = [:]
        var marketNames: [MarketCode] = []
        for market in records.map(\.market) + fills.map(\.market) where markets[market] == nil {
            markets[market] = marketNames.count
            marketNames.append(market)
        }
        writer.writeVarint(UInt64(marketNames.count))
        for market in marketNames { writer.writeShortText(market.description) }
        var previous = Previous()
        writer.writeVarint(UInt64(records.count))
        for record in records { encode(record, market: markets[record.market]!, &previous, into: &writer) }
        writer.writeVarint(UInt64(fills.count))
        for fill in fills { encode(fill, market: markets[fill.market]!, &previous, into: &writer) }
        writer.write(FNV1a.hash(writer.bytes[...]))
        return writer.bytes
    }

    /// The records and fills of one row, checked against its checksum.
    static func decode(_ bytes: [UInt8]) throws -> (records: [OrderRecord], fills: [OrderFill]) {
        var trailer = ByteReader(bytes, offset: max(bytes.count - 8, 0))
        guard bytes.count >= 9, FNV1a.hash(bytes[..<(bytes.count - 8)]) == (try? trailer.read(UInt64.self)) else {
            throw StoreError.corrupt("order log row: checksum mismatch")
        }
        var reader = ByteReader(Array(bytes[..<(bytes.count - 8)]))
        guard try reader.readByte() == version else { throw StoreError.corrupt("order log row: unknown version") }
        var markets: [MarketCode] = []
        for _ in 0..<(try reader.readCount()) {
            let text = try reader.readShortText()
            guard let market = MarketCode(text) else { throw StoreError.corrupt("order log row: market '\(text)'") }
            markets.append(market)
        }
        var previous = Previous()
        var records: [OrderRecord] = []
        for _ in 0..<(try reader.readCount()) { records.append(try decodeRecord(&reader, markets, &previous)) }
        var fills: [OrderFill] = []
        for _ in 0..<(try reader.readCount()) { fills.append(try decodeFill(&reader, markets, &previous)) }
        guard reader.isAtEnd else { throw StoreError.corrupt("order log row: bytes after the fills") }
        return (records, fills)
    }

    /// What ids and times are deltas from.
    private struct Previous {
        var order: UInt64 = 0
        var time: Int64 = 0
    }

    // Presence of a record's optional fields, one bit each.
    private static let hasPrice: UInt8 = 1
    private static let hasVolume: UInt8 = 2
    private static let hasTimeInForce: UInt8 = 4
    private static let hasPrevention: UInt8 = 8
    private static let hasIdentifier: UInt8 = 16
    private static let hasClosed: UInt8 = 32
    private static let hasRemaining: UInt8 = 64

    private static func encode(
        _ record: OrderRecord, market: Int, _ previous: inout Previous, into writer: inout ByteWriter
    ) {
        writer.writeSigned(Int64(bitPattern: record.id.rawValue &- previous.order))
        previous.order = record.id.rawValue
        writer.writeVarint(record.account.rawValue)
        writer.writeVarint(UInt64(market))
        // side: 1 bit, state: 2 bits, type: 3 bits.
        writer.write(
            UInt8(index(record.side)) | UInt8(index(record.state)) << 1 | UInt8(index(record.type)) << 3)
        var present: UInt8 = 0
        if record.price != nil { present |= hasPrice }
        if record.volume != nil { present |= hasVolume }
        if record.timeInForce != nil { present |= hasTimeInForce }
        if record.selfTradePrevention != nil { present |= hasPrevention }
        if record.identifier != nil { present |= hasIdentifier }
        if record.closedAt != nil { present |= hasClosed }
        if record.remainingVolume != nil { present |= hasRemaining }
        writer.write(present)
        if let price = record.price { writer.writeSigned(price.units) }
        if let volume = record.volume { writer.writeSigned(volume.units) }
        if let timeInForce = record.timeInForce { writer.write(UInt8(index(timeInForce))) }
        if let prevention = record.selfTradePrevention { writer.write(UInt8(index(prevention))) }
        if let identifier = record.identifier { writer.writeShortText(identifier.description) }
        writer.writeSigned(record.createdAt.milliseconds &- previous.time)
        previous.time = record.createdAt.milliseconds
        if let closed = record.closedAt { writer.writeSigned(closed.milliseconds &- previous.time) }
        if let remaining = record.remainingVolume { writer.writeSigned(remaining.units) }
        for units in [
            record.executedVolume.units, record.executedFunds.units, record.reservedFee.units, record.paidFee.units,
            record.locked.units, record.preventedVolume.units, record.preventedLocked.units, Int64(record.tradesCount),
        ] {
            writer.writeSigned(units)
        }
    }

    private static func decodeRecord(
        _ reader: inout ByteReader, _ markets: [MarketCode], _ previous: inout Previous
    ) throws -> OrderRecord {
        let idDelta = try reader.readSigned()
        let id = previous.order &+ UInt64(bitPattern: idDelta)
        previous.order = id
        let account = AccountID(try reader.readVarint())
        let market = try element(markets, try reader.readVarint())
        let kinds = try reader.readByte()
        let side = try element(sides, UInt64(kinds & 1))
        let state = try element(states, UInt64(kinds >> 1 & 3))
        let type = try element(types, UInt64(kinds >> 3))
        let present = try reader.readByte()
        var price: Price?
        if present & hasPrice != 0 { price = Price(units: try reader.readSigned()) }
        var volume: Volume?
        if present & hasVolume != 0 { volume = Volume(units: try reader.readSigned()) }
        var timeInForce: TimeInForce?
        if present & hasTimeInForce != 0 { timeInForce = try element(timesInForce, UInt64(try reader.readByte())) }
        var prevention: SelfTradePrevention?
        if present & hasPrevention != 0 { prevention = try element(preventions, UInt64(try reader.readByte())) }
        var identifier: OrderIdentifier?
        if present & hasIdentifier != 0 {
            let text = try reader.readShortText()
            guard let parsed = OrderIdentifier(text) else { throw StoreError.corrupt("order log: identifier") }
            identifier = parsed
        }
        let createdDelta = try reader.readSigned()
        let created = previous.time &+ createdDelta
        previous.time = created
        var closed: Int64?
        if present & hasClosed != 0 {
            let closedDelta = try reader.readSigned()
            closed = created &+ closedDelta
        }
        var remaining: Volume?
        if present & hasRemaining != 0 { remaining = Volume(units: try reader.readSigned()) }
        var amounts: [Int64] = []
        for _ in 0..<8 { amounts.append(try reader.readSigned()) }
        return OrderRecord(
            id: OrderID(id), account: account, market: market, side: side, type: type, price: price, volume: volume,
            timeInForce: timeInForce, selfTradePrevention: prevention, identifier: identifier, state: state,
            createdAt: Timestamp(milliseconds: created), closedAt: closed.map(Timestamp.init(milliseconds:)),
            remainingVolume: remaining, executedVolume: Volume(units: amounts[0]),
            executedFunds: Funds(units: amounts[1]), reservedFee: Funds(units: amounts[2]),
            paidFee: Funds(units: amounts[3]), locked: Funds(units: amounts[4]),
            preventedVolume: Volume(units: amounts[5]), preventedLocked: Funds(units: amounts[6]),
            tradesCount: Int(amounts[7]))
    }

    private static func encode(
        _ fill: OrderFill, market: Int, _ previous: inout Previous, into writer: inout ByteWriter
    ) {
        writer.writeSigned(Int64(bitPattern: fill.order.rawValue &- previous.order))
        previous.order = fill.order.rawValue
        writer.writeVarint(fill.account.rawValue)
        writer.writeVarint(UInt64(market))
        writer.writeVarint(fill.tradeSequence)
        writer.write(UInt8(index(fill.side)) | (fill.isMaker ? 2 : 0) | (fill.takerBought ? 4 : 0))
        writer.writeSigned(fill.price.units)
        writer.writeSigned(fill.volume.units)
        writer.writeSigned(fill.funds.units)
        writer.writeSigned(fill.fee.units)
        writer.writeSigned(fill.time.milliseconds &- previous.time)
        previous.time = fill.time.milliseconds
    }

    private static func decodeFill(
        _ reader: inout ByteReader, _ markets: [MarketCode], _ previous: inout Previous
    ) throws -> OrderFill {
        let orderDelta = try reader.readSigned()
        let order = previous.order &+ UInt64(bitPattern: orderDelta)
        previous.order = order
        let account = AccountID(try reader.readVarint())
        let market = try element(markets, try reader.readVarint())
        let tradeSequence = try reader.readVarint()
        let flags = try reader.readByte()
        let side = try element(sides, UInt64(flags & 1))
        let price = Price(units: try reader.readSigned())
        let volume = Volume(units: try reader.readSigned())
        let funds = Funds(units: try reader.readSigned())
        let fee = Funds(units: try reader.readSigned())
        let timeDelta = try reader.readSigned()
        let time = previous.time &+ timeDelta
        previous.time = time
        return OrderFill(
            order: OrderID(order), account: account, market: market, tradeSequence: tradeSequence, side: side,
            price: price, volume: volume, funds: funds, fee: fee, isMaker: flags & 2 != 0,
            takerBought: flags & 4 != 0, time: Timestamp(milliseconds: time))
    }

    // The enums' cases, made once (`allCases` builds a new array on every call).
    private static let sides = Side.allCases
    private static let states = OrderState.allCases
    private static let types = OrderType.allCases
    private static let timesInForce = TimeInForce.allCases
    private static let preventions = SelfTradePrevention.allCases

    private static func index(_ side: Side) -> Int { sides.firstIndex(of: side) ?? 0 }
    private static func index(_ state: OrderState) -> Int { states.firstIndex(of: state) ?? 0 }
    private static func index(_ type: OrderType) -> Int { types.firstIndex(of: type) ?? 0 }
    private static func index(_ timeInForce: TimeInForce) -> Int { timesInForce.firstIndex(of: timeInForce) ?? 0 }
    private static func index(_ prevention: SelfTradePrevention) -> Int { preventions.firstIndex(of: prevention) ?? 0 }

    private static func element<C: Collection>(_ all: C, _ index: UInt64) throws -> C.Element where C.Index == Int {
        guard index < UInt64(all.count) else { throw StoreError.corrupt("order log row: index \(index) out of range") }
        return all[all.startIndex + Int(index)]
    }
}

extension ByteWriter {
    /// `value` as an LEB128 varint: 7 bits a byte, low bits first.
    fileprivate mutating func writeVarint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            write(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        write(UInt8(rest))
    }

    /// `value` zigzagged (small magnitudes, either sign, stay short), as a varint.
    fileprivate mutating func writeSigned(_ value: Int64) {
        writeVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }
}

extension ByteReader {
    fileprivate mutating func readVarint() throws -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try readByte()
            guard shift < 64 else { throw StoreError.corrupt("order log row: varint too long") }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    fileprivate mutating func readSigned() throws -> Int64 {
        let raw = try readVarint()
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    fileprivate mutating func readCount() throws -> Int {
        let count = try readVarint()
        guard count <= UInt64(remaining) else { throw StoreError.corrupt("order log row: count \(count) too large") }
        return Int(count)
    }
}
