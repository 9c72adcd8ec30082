import BourseCore

// Small types covering the shapes synthesized `Codable` produces; nested in the suite so their names
// stay out of the test target's namespace.
extension SnapshotCoderTests {
    struct Pair: Codable, Hashable {
        var a: Int64
        var b: String
    }

    struct Empty: Codable, Equatable {}

    struct Primitives: Codable, Equatable {
        var bool = true
        var text = "Bourse 거래소 🚀"
        var empty = ""
        var double = -1.5e-300
        var infinity = -Double.infinity
        var float = Float.pi
        var int = Int.min
        var int8 = Int8.min
        var int16 = Int16.max
        var int32 = Int32.min
        var int64 = Int64.max
        var uint = UInt.max
        var uint8 = UInt8.max
        var uint16 = UInt16.max
        var uint32 = UInt32.max
        var uint64 = UInt64.max
        var int128 = Int128.min
        var uint128 = UInt128.max
    }

    struct Optionals: Codable, Equatable {
        var int: Int?
        var text: String?
        var nested: Int??
        var pair: Pair?
        var list: [Int?] = []
        var wide: Int128?
    }

    indirect enum Shape: Codable, Equatable {
        case empty
        case point(x: Int64, y: Int64)
        case labeled(String, count: Int?)
        case wrapped(Shape)
        case other
    }

    enum Tint: String, Codable { case red, green }
    enum Level: Int, Codable { case low = 1, high = 2 }

    /// Cases keyed by integers instead of names.
    enum IntKeyed: Codable, Equatable {
        case first
        case second(Int)

        enum CodingKeys: Int, CodingKey {
            case first = 1
            case second = 2
        }
    }

    struct Framed: Codable, Equatable {
        var before: UInt8
        var shape: Shape
        var tint: Tint
        var level: Level
        var after: String
    }

    struct Collections: Codable, Equatable {
        var pairs: [Pair]
        var nested: [[Int]]
        var contiguous: ContiguousArray<Pair>
        var set: Set<String>
        var byPair: [Pair: String]
        var byText: [String: Int]
        var byNumber: [Int: [Pair]]
        var sparse: [Int: Int?]
    }

    struct Golden: Codable {
        var small: UInt64 = 300
        var negative: Int32 = -2
        var flag = true
        var name = "ab"
        var missing: Int?
        var present: Int? = 5
        var list: [UInt8] = [7]
        var side = Side.ask
        var shape = Shape.point(x: 1, y: -1)
    }

    /// Written through containers by hand, as custom `Codable` code does: a primitive, a nested unkeyed
    /// container, a nested keyed container and a synthesized value, all in one unkeyed container.
    struct Manual: Codable, Equatable {
        var label: String
        var numbers: [Int32]
        var pair: Pair
        var after: Framed

        private enum PairKeys: CodingKey { case a, b }

        init(label: String, numbers: [Int32], pair: Pair, after: Framed) {
            self.label = label
            self.numbers = numbers
            self.pair = pair
            self.after = after
        }

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            guard container.count == 4 else {
                throw DecodingError.valueNotFound(Manual.self, .init(codingPath: [], debugDescription: "count"))
            }
            label = try container.decode(String.self)
            var nested = try container.nestedUnkeyedContainer()
            numbers = []
            while !nested.isAtEnd { numbers.append(try nested.decode(Int32.self)) }
            let keyed = try container.nestedContainer(keyedBy: PairKeys.self)
            pair = Pair(a: try keyed.decode(Int64.self, forKey: .a), b: try keyed.decode(String.self, forKey: .b))
            after = try container.decode(Framed.self)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(label)
            var nested = container.nestedUnkeyedContainer()
            for number in numbers { try nested.encode(number) }
            var keyed = container.nestedContainer(keyedBy: PairKeys.self)
            try keyed.encode(pair.a, forKey: .a)
            try keyed.encode(pair.b, forKey: .b)
            try container.encode(after)
        }
    }

    /// Pairs written one by one through an unkeyed container, the way `Array`'s own `Codable` does.
    struct PairList: Codable {
        var pairs: [Pair]

        init(pairs: [Pair]) { self.pairs = pairs }

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            pairs = []
            while !container.isAtEnd { pairs.append(try container.decode(Pair.self)) }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            for pair in pairs { try container.encode(pair) }
        }
    }
}
