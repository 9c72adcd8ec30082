import NIOCore
import Synchronization

/// Encoded response bodies, reused while what they were made from is unchanged: a popular query (the
/// last 200 one-minute candles of KRW-BTC, asked by every chart that opens) is encoded once per change of
/// its market, not once per request.
///
/// Each entry carries the version it was made at (for candles: the market's newest trade id); a lookup
/// with another version misses. Memory is bounded by ``maximumBytes``: past it the cache starts over.
final class ResponseCache: Sendable {
    private struct Entry {
        var version: Int64
        var body: ByteBuffer
    }

    private struct Contents {
        var entries: [String: Entry] = [:]
        var bytes = 0
    }

    /// Total body bytes kept at most.
    let maximumBytes: Int
    private let contents = Mutex(Contents())

    /// A cache of at most `maximumBytes` of bodies.
    init(maximumBytes: Int = 32 << 20) { self.maximumBytes = maximumBytes }

    /// The body for `key` at `version`: the cached one, or `make()`'s, which is then kept. A hit shares the
    /// cached buffer's storage: nothing is copied until the socket write.
    func body(_ key: String, version: Int64, make: () async throws -> [UInt8]) async rethrows -> ByteBuffer {
        if let hit = contents.withLock({ $0.entries[key] }), hit.version == version { return hit.body }
        let body = ByteBuffer(bytes: try await make())
        contents.withLock { contents in
            if let old = contents.entries[key] { contents.bytes -= old.body.readableBytes }
            if contents.bytes + body.readableBytes > maximumBytes {
                contents.entries.removeAll(keepingCapacity: true)
                contents.bytes = 0
            }
            contents.entries[key] = Entry(version: version, body: body)
            contents.bytes += body.readableBytes
        }
        return body
    }
}
