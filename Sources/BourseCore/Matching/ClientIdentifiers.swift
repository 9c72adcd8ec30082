/// Every client identifier each account has used, with the order it named. Upbit keeps an identifier
/// unique per account forever, so this only grows, by one entry per order that carries one.
///
/// One `Dictionary` rehashes every entry when it doubles, in the single writer: measured with 80-byte keys
/// as these are, 116 ms at 200,000 entries, 630 ms at 800,000 and 1.6 s at 1.6 million, during which no
/// command of anyone is applied. Here the entries are spread over 256 dictionaries by the identifier's
/// bytes, so a doubling moves a 256th of them. A copy of the exchange that places an order (`POST
/// /v1/orders/test`) copies one of them, not all. Snapshots keep the format of the one dictionary this
/// replaced.
struct ClientIdentifiers: Equatable, Sendable {
    private static let shardCount = 256
    private var shards = [[Exchange.ClientIdentifier: OrderID]](repeating: [:], count: shardCount)

    init() {}

    /// The order `key` named, if it was used.
    subscript(key: Exchange.ClientIdentifier) -> OrderID? {
        get { shards[Self.shard(of: key)][key] }
        set { shards[Self.shard(of: key)][key] = newValue }
    }

    /// Identifiers used, in all.
    var count: Int { shards.reduce(0) { $0 + $1.count } }

    /// The dictionary that holds `key`: a function of its bytes alone, so the same on every run.
    private static func shard(of key: Exchange.ClientIdentifier) -> Int {
        // The account is folded in before the mix, so one identifier used by many accounts spreads too.
        let mixed =
            (key.identifier.foldedBits ^ (key.account.rawValue &* 0xBF58_476D_1CE4_E5B9)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: mixed >> 56)
    }
}

// As the pairs of one dictionary, `(key, value)` after their count, in an unkeyed container of pairs: the
// bytes a positional encoder (the snapshot's) writes for the dictionary this replaced, made straight from
// the shards, so a snapshot neither builds nor hashes a merged copy (it runs on the journal loop).
extension ClientIdentifiers: Codable {
    private struct Pair: Codable {
        var key: Exchange.ClientIdentifier
        var order: OrderID
    }

    init(from decoder: any Decoder) throws {
        self.init()
        var container = try decoder.unkeyedContainer()
        while !container.isAtEnd {
            let pair = try container.decode(Pair.self)
            guard self[pair.key] == nil else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "client identifier \(pair.key.identifier) listed twice")
            }
            self[pair.key] = pair.order
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for shard in shards {
            for (key, order) in shard { try container.encode(Pair(key: key, order: order)) }
        }
    }
}
