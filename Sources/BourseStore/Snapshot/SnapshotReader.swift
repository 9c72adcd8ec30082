/// The `Decoder` behind ``SnapshotDecoder``: a cursor over the payload, shared by reference with every
/// container, that checks the remaining length before every read.
///
/// The coding path is not tracked (it would cost an array per value); errors give the byte offset.
final class SnapshotReader: Decoder {
    private let bytes: [UInt8]
    private let end: Int
    // Only this reader's containers move the cursor, one at a time; see `SnapshotWriter.bytes`.
    @exclusivity(unchecked) private(set) var offset: Int

    init(_ bytes: [UInt8], range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "payload range out of bounds")
        self.bytes = bytes
        offset = range.lowerBound
        end = range.upperBound
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Bytes left to read.
    var remaining: Int { end - offset }

    /// The error for malformed bytes `before` bytes back from the current offset.
    func corrupt(_ problem: String, before: Int = 0) -> DecodingError {
        .dataCorrupted(.init(codingPath: [], debugDescription: "snapshot: \(problem) at byte \(offset - before)"))
    }

    private func truncated(_ what: String) -> DecodingError {
        corrupt("truncated reading \(what)")
    }

    // MARK: - Values

    /// Reads a `T`: primitives, optionals, arrays and dictionaries by the format's own rules, anything else
    /// through its `Decodable` implementation.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let special = type as? any SnapshotReadable.Type {
            // `special` is `T.Type` seen through the protocol, so the cast cannot fail.
            return try special.read(from: self) as! T
        }
        return try T(from: self)
    }

    /// Reads what ``SnapshotWriter/encodeArray(_:)`` wrote, checking only once whether the elements' type is
    /// read specially.
    func decodeArray<C: RangeReplaceableCollection>(_: C.Type = C.self) throws -> C where C.Element: Decodable {
        let count = try readCount()
        var result = C()
        result.reserveCapacity(reservation(count, of: C.Element.self))
        if let special = C.Element.self as? any SnapshotReadable.Type {
            try special.readElements(count, from: self) { result.append($0) }
        } else {
            for _ in 0..<count { result.append(try C.Element(from: self)) }
        }
        return result
    }

    /// Reads a presence byte, then a `T` if it says one is there.
    func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        try readPresence() ? try decode(type) : nil
    }

    /// ``decodeIfPresent(_:)`` for a primitive, without the dynamic check.
    func readIfPresent<T: SnapshotReadable>(_ type: T.Type) throws -> T? {
        try readPresence() ? try T.read(from: self) : nil
    }

    /// `true` for a present value (1), `false` for an absent one (0).
    /// An invalid byte is left unread.
    func readPresence() throws -> Bool {
        guard offset < end else { throw truncated("a presence byte") }
        guard bytes[offset] <= 1 else { throw corrupt("invalid presence byte") }
        defer { offset += 1 }
        return bytes[offset] == 1
    }

    // MARK: - Primitives

    func readByte() throws -> UInt8 {
        guard offset < end else { throw truncated("a byte") }
        defer { offset += 1 }
        return bytes[offset]
    }

    func readVarint<U: FixedWidthInteger & UnsignedInteger>(_: U.Type = U.self) throws -> U {
        let start = offset
        var result: U = 0
        var shift = 0
        while true {
            guard offset < end else { throw truncated("a varint") }
            let byte = bytes[offset]
            offset += 1
            let bits = U(byte & 0x7F)
            // Refuse bits that would fall off the top of `U` instead of silently dropping them.
            guard shift < U.bitWidth, shift == 0 || bits >> (U.bitWidth - shift) == 0 else {
                offset = start
                throw corrupt("varint too large for \(U.self)")
            }
            result |= bits << shift
            if byte < 0x80 { return result }
            shift += 7
        }
    }

    func readZigzag<S: FixedWidthInteger & SignedInteger>(_: S.Type = S.self) throws -> S {
        let encoded = try readVarint(S.Magnitude.self)
        return S(truncatingIfNeeded: encoded >> 1) ^ (0 - S(truncatingIfNeeded: encoded & 1))
    }

    func readFixed<T: FixedWidthInteger>(_: T.Type = T.self) throws -> T {
        let size = MemoryLayout<T>.size
        guard remaining >= size else { throw truncated("\(size) bytes") }
        var value = T.zero
        for index in 0..<size { value |= T(truncatingIfNeeded: bytes[offset + index]) << (8 * index) }
        offset += size
        return value
    }

    func readString() throws -> String {
        let start = offset
        let count = try readVarint(UInt.self)
        guard count <= UInt(remaining) else { throw truncated("a string of \(count) bytes") }
        let utf8 = bytes[offset..<offset + Int(count)]
        guard let string = String(validating: utf8, as: UTF8.self) else {
            offset = start
            throw corrupt("invalid UTF-8 in a string")
        }
        offset += Int(count)
        return string
    }

    /// Reads a `u32` element count.
    func readCount() throws -> Int { Int(try readFixed(UInt32.self)) }

    /// How many `T`s to reserve room for when `count` are announced: all of them, unless the count claims
    /// more than the bytes left could hold or more than 64 MiB, in which case the collection grows as the
    /// elements actually arrive. A damaged count must not reserve unbounded memory.
    func reservation<T>(_ count: Int, of _: T.Type) -> Int {
        Swift.min(count, remaining, (64 << 20) / Swift.max(1, MemoryLayout<T>.stride))
    }

    // MARK: - Keys

    /// The key a nested container was opened for, read without moving the cursor: how a synthesized
    /// enum's `allKeys` finds its case. `nil` if the bytes hold no key `Key` knows.
    func peekKey<Key: CodingKey>(_: Key.Type) -> Key? {
        let start = offset
        defer { offset = start }
        switch try? readByte() {
        case 0: return (try? readString()).flatMap(Key.init(stringValue:))
        case 1: return (try? readZigzag(Int64.self)).flatMap { Int(exactly: $0) }.flatMap(Key.init(intValue:))
        default: return nil
        }
    }

    /// Reads the key before a nested container and checks it is `key`.
    func readKey(_ key: some CodingKey) throws {
        let start = offset
        let matches: Bool
        switch try readByte() {
        case 0: matches = try readString() == key.stringValue
        case 1: matches = try Int(exactly: readZigzag(Int64.self)) == key.intValue
        default: matches = false
        }
        guard matches else {
            offset = start
            throw corrupt("expected the key \"\(key.stringValue)\"")
        }
    }

    // MARK: - Decoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(SnapshotKeyedDecodingContainer<Key>(reader: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try SnapshotUnkeyedDecodingContainer(reader: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SnapshotSingleValueDecodingContainer(reader: self)
    }
}
