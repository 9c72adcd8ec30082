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
        Int(truncatingIfNeeded: (key.identifier.foldedBits ^ key.account.rawValue) >> 56) & (shardCount - 1)
    }
}

// Through a single-value container, so an encoder that writes dictionaries its own way (the snapshot's)
// writes this one as it wrote the dictionary before.
extension ClientIdentifiers: Codable {
    init(from decoder: any Decoder) throws {
        self.init()
        let all = try decoder.singleValueContainer().decode([Exchange.ClientIdentifier: OrderID].self)
        for (key, order) in all { self[key] = order }
    }

    func encode(to encoder: any Encoder) throws {
        var all = [Exchange.ClientIdentifier: OrderID](minimumCapacity: count)
        for shard in shards { all.merge(shard) { first, _ in first } }
        var container = encoder.singleValueContainer()
        try container.encode(all)
    }
}
