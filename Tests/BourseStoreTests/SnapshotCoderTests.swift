import BourseCore
import Testing

@testable import BourseStore

@Suite struct SnapshotCoderTests {
    // MARK: - Shapes

    @Test(arguments: [0, 1, -1, 63, -64, 64, 300, -300, Int64.max, Int64.min])
    func integersRoundTrip(value: Int64) throws {
        #expect(try roundTrip(value) == value)
        #expect(try roundTrip(Int(value)) == Int(value))
        #expect(try roundTrip(UInt64(bitPattern: value)) == UInt64(bitPattern: value))
        let wide = Int128(value) << 64 | Int128(value.magnitude)
        #expect(try roundTrip(wide) == wide)
    }

    @Test func primitivesRoundTrip() throws {
        let value = Primitives()
        #expect(try roundTrip(value) == value)
    }

    @Test func wideIntegersRoundTripAtTheirExtremes() throws {
        let values: [Int128] = [.min, .min + 1, -1, 0, 1, .max]
        #expect(try roundTrip(values) == values)
        let unsigned: [UInt128] = [0, 1, UInt128(UInt64.max) + 1, .max]
        #expect(try roundTrip(unsigned) == unsigned)
        #expect(try roundTrip(Int128.min) == .min)
        #expect(try roundTrip(UInt128.max) == .max)
    }

    @Test(arguments: [
        Optionals(),
        Optionals(int: 5, text: "", nested: .some(nil), pair: Pair(a: 1, b: "x"), list: [nil, 2, nil], wide: .min),
        Optionals(int: -5, text: "t", nested: .some(.some(7)), pair: nil, list: [], wide: 0),
    ])
    func optionalsRoundTrip(value: Optionals) throws {
        #expect(try roundTrip(value) == value)
    }

    @Test func enumsRoundTripWithAndWithoutPayloads() throws {
        let shapes: [Shape] = [
            .empty, .point(x: 1, y: -1), .labeled("a", count: nil), .labeled("", count: 3), .wrapped(.empty),
            .wrapped(.point(x: .max, y: .min)), .other,
        ]
        #expect(try roundTrip(shapes) == shapes)
        let framed = Framed(before: 0xAB, shape: .labeled("z", count: 9), tint: .green, level: .high, after: "end")
        #expect(try roundTrip(framed) == framed)
        let keyed: [IntKeyed] = [.first, .second(42), .first]
        #expect(try roundTrip(keyed) == keyed)
        #expect(try roundTrip([CandleUnit.second, .minute240, .year]) == [.second, .minute240, .year])
    }

    @Test func collectionsRoundTrip() throws {
        let value = Collections(
            pairs: [Pair(a: 1, b: "one"), Pair(a: -2, b: "two")], nested: [[1, 2], [], [3]],
            contiguous: [Pair(a: 0, b: "")], set: ["a", "b", "c"],
            byPair: [Pair(a: 1, b: "k"): "v", Pair(a: 2, b: "k"): "w"], byText: ["x": 1, "y": 2, "": 0],
            byNumber: [3: [Pair(a: 3, b: "c")], -1: []], sparse: [1: nil, 2: 20])
        #expect(try roundTrip(value) == value)
    }

    @Test func emptyContainersRoundTrip() throws {
        let value = Collections(
            pairs: [], nested: [], contiguous: [], set: [], byPair: [:], byText: [:], byNumber: [:], sparse: [:])
        #expect(try roundTrip(value) == value)
        #expect(try roundTrip(Empty()) == Empty())
        #expect(try roundTrip([Empty(), Empty()]) == [Empty(), Empty()])
    }

    @Test func handWrittenContainersRoundTrip() throws {
        let value = Framed(before: 1, shape: .other, tint: .red, level: .low, after: "x")
        let manual = Manual(label: "hand", numbers: [3, -4, 5], pair: Pair(a: 6, b: "seven"), after: value)
        #expect(try roundTrip(manual) == manual)
        #expect(try roundTrip(Manual(label: "", numbers: [], pair: Pair(a: 0, b: ""), after: value)).numbers == [])
    }

    @Test func arraysAreWrittenAsUnkeyedContainersWouldWriteThem() throws {
        let pairs = [Pair(a: 1, b: "one"), Pair(a: 2, b: "two"), Pair(a: 3, b: "three")]
        #expect(try payloadBytes(pairs) == payloadBytes(PairList(pairs: pairs)))
        let bytes = try SnapshotEncoder().encode(pairs)
        #expect(try SnapshotDecoder().decode(PairList.self, from: bytes).pairs == pairs)
    }

    @Test func payloadIsPositionalAndCompact() throws {
        let bytes = try SnapshotEncoder().encode(Golden())
        #expect(Array(bytes.prefix(6)) == Array("BSNP".utf8) + [UInt8(SnapshotEncoder.formatVersion), 0])
        let payload: [UInt8] = [
            0xAC, 0x02,  // 300 as a varint
            0x03,  // -2 zigzagged
            0x01,  // true
            0x02, 0x61, 0x62,  // "ab"
            0x00,  // nil
            0x01, 0x0A,  // present 5, zigzagged
            0x01, 0x00, 0x00, 0x00, 0x07,  // [7]
            0x03, 0x61, 0x73, 0x6B,  // Side.ask by its raw value
            0x00, 0x05, 0x70, 0x6F, 0x69, 0x6E, 0x74, 0x02, 0x01,  // .point(x: 1, y: -1): case key, then fields
        ]
        #expect(Array(bytes.dropFirst(6).dropLast(8)) == payload)
        #expect(bytes.count == 6 + payload.count + 8)
    }

    // MARK: - Refusals

    @Test func truncatedSnapshotsAreRefused() throws {
        let bytes = try SnapshotEncoder().encode(Self.sample)
        for length in 0..<bytes.count {
            #expect(throws: SnapshotFormatError.self) {
                try SnapshotDecoder().decode(Collections.self, from: Array(bytes.prefix(length)))
            }
        }
    }

    @Test func wrongMagicIsRefused() throws {
        var bytes = try SnapshotEncoder().encode(Self.sample)
        bytes[0] = UInt8(ascii: "X")
        #expect(throws: SnapshotFormatError.notASnapshot) {
            try SnapshotDecoder().decode(Collections.self, from: bytes)
        }
        #expect(throws: SnapshotFormatError.notASnapshot) { try SnapshotDecoder().decode(Int.self, from: []) }
    }

    @Test func otherFormatVersionsAreRefused() throws {
        var bytes = try SnapshotEncoder().encode(Self.sample)
        // Version 1 held no order records; any other version is refused, never misread.
        bytes[4] = 1
        #expect(throws: SnapshotFormatError.unsupportedVersion(found: 1, supported: SnapshotEncoder.formatVersion)) {
            try SnapshotDecoder().decode(Collections.self, from: bytes)
        }
    }

    @Test func damagedBytesAreRefused() throws {
        var bytes = try SnapshotEncoder().encode(Self.sample)
        bytes[bytes.count / 2] ^= 0x10
        #expect(throws: SnapshotFormatError.checksumMismatch) {
            try SnapshotDecoder().decode(Collections.self, from: bytes)
        }
    }

    @Test func truncatedPayloadsThrowInsteadOfReadingPastTheEnd() throws {
        let payload = try payloadBytes(Self.sample)
        for length in 0..<payload.count {
            #expect(throws: DecodingError.self) {
                try SnapshotDecoder.decodePayload(Collections.self, from: payload, in: 0..<length)
            }
        }
        #expect(
            try SnapshotDecoder.decodePayload(Collections.self, from: payload, in: 0..<payload.count) == Self.sample)
    }

    @Test func corruptPayloadsThrowOrDecodeButNeverCrash() throws {
        let payload = try payloadBytes(Self.sample)
        var refused = 0
        for index in payload.indices {
            for value: UInt8 in [0x00, 0x01, 0x7F, 0x80, 0xFF] where payload[index] != value {
                var damaged = payload
                damaged[index] = value
                do {
                    _ = try SnapshotDecoder.decodePayload(Collections.self, from: damaged, in: 0..<damaged.count)
                } catch {
                    refused += 1
                }
            }
        }
        #expect(refused > 0)
    }

    @Test func leftoverBytesAndWrongTypesAreRefused() throws {
        let payload = try payloadBytes(Pair(a: 1, b: "b"))
        #expect(throws: DecodingError.self) {
            try SnapshotDecoder.decodePayload(Pair.self, from: payload + [0], in: 0..<payload.count + 1)
        }
        #expect(throws: DecodingError.self) {
            try SnapshotDecoder.decodePayload([Pair].self, from: payload, in: 0..<payload.count)
        }
        let shape = try payloadBytes(Shape.point(x: 1, y: 2))
        #expect(throws: DecodingError.self) {
            try SnapshotDecoder.decodePayload(IntKeyed.self, from: shape, in: 0..<shape.count)
        }
    }

    // MARK: - Helpers

    static let sample = Collections(
        pairs: [Pair(a: 1, b: "one"), Pair(a: 2, b: "two")], nested: [[1], [2, 3]], contiguous: [],
        set: ["s"], byPair: [Pair(a: 9, b: "nine"): "v"], byText: ["t": 7], byNumber: [5: [Pair(a: 5, b: "")]],
        sparse: [1: nil, 2: 4])

    private func roundTrip<T: Codable>(_ value: T) throws -> T {
        try SnapshotDecoder().decode(T.self, from: try SnapshotEncoder().encode(value))
    }

    private func payloadBytes<T: Encodable>(_ value: T) throws -> [UInt8] {
        Array(
            try SnapshotEncoder().encode(value).dropFirst(SnapshotFormat.headerSize).dropLast(
                SnapshotFormat.trailerSize))
    }
}
