import NIOCore
import Synchronization

/// Encoded response bodies, reused while what they were made from is unchanged: a popular query (the
/// last 200 one-minute candles of KRW-BTC, asked by every chart that opens) is encoded once per change of
/// its market, not once per request.
///
/// Each entry carries the version it was made at (for candles: the market's newest trade id); a lookup
/// with another version misses. Memory is bounded twice: by ``maximumBytes``, which charges each entry its
/// key and a fixed overhead besides its body, and by ``maximumEntries``; past either the cache starts over
/// and gives its storage back. (Counting bodies alone once let 60,000 distinct `to` values, each a tiny
/// body, hold ~20 MB of keys and table that a reset kept as capacity.)
final class ResponseCache: Sendable {
    private struct Entry {
        var version: Int64
        var body: ByteBuffer
    }

    private struct Contents {
        var entries: [String: Entry] = [:]
        var bytes = 0
    }

    /// What an entry costs besides its key and body: the table slot, the `String` and `ByteBuffer` headers.
    static let entryOverheadBytes = 128

    /// Bytes kept at most: bodies, keys and ``entryOverheadBytes`` per entry.
    let maximumBytes: Int
    /// Entries kept at most.
    let maximumEntries: Int
    private let contents = Mutex(Contents())

    /// A cache of at most `maximumBytes` (bodies, keys and overhead) and `maximumEntries` entries.
    init(maximumBytes: Int = 32 << 20, maximumEntries: Int = 8_192) {
        self.maximumBytes = maximumBytes
        self.maximumEntries = maximumEntries
    }

    /// How many entries are kept now.
    var count: Int { contents.withLock { $0.entries.count } }

    /// The body for `key` at `version`: the cached one, or `make()`'s, which is then kept. A hit shares the
    /// cached buffer's storage: nothing is copied until the socket write.
    func body(_ key: String, version: Int64, make: () async throws -> [UInt8]) async rethrows -> ByteBuffer {
        if let hit = cached(key, version: version) { return hit }
        return keep(key, version: version, ByteBuffer(bytes: try await make()))
    }

    /// ``body(_:version:make:)-(_,_,()async throws->[UInt8])`` for a body made without waiting (a ticker's,
    /// from the live state), so a caller on an event loop can use it.
    func body(_ key: String, version: Int64, make: () throws -> [UInt8]) rethrows -> ByteBuffer {
        if let hit = cached(key, version: version) { return hit }
        return keep(key, version: version, ByteBuffer(bytes: try make()))
    }

    private func cached(_ key: String, version: Int64) -> ByteBuffer? {
        guard let hit = contents.withLock({ $0.entries[key] }), hit.version == version else { return nil }
        return hit.body
    }

    private func keep(_ key: String, version: Int64, _ body: ByteBuffer) -> ByteBuffer {
        let cost = Self.cost(key, body)
        contents.withLock { contents in
            if let old = contents.entries.removeValue(forKey: key) { contents.bytes -= Self.cost(key, old.body) }
            if contents.bytes + cost > maximumBytes || contents.entries.count >= maximumEntries {
                contents = Contents()
            }
            contents.entries[key] = Entry(version: version, body: body)
            contents.bytes += cost
        }
        return body
    }

    private static func cost(_ key: String, _ body: ByteBuffer) -> Int {
        key.utf8.count + body.readableBytes + entryOverheadBytes
    }
}
