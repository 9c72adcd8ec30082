import CompressNIO
import NIOCore
import Synchronization

/// The gzip forms of the last few bodies compressed: a cached body (a market's tickers, its candles) is
/// asked for again and again until it changes, and compressing its ~5 KB for every client that accepts gzip
/// (ccxt and pyupbit do) cost more than all the rest of the answer. Looked up by the bytes themselves, so a
/// hit is exactly the body asked for.
final class CompressedBodies: Sendable {
    /// Bodies remembered at most (the most recent ones).
    static let kept = 16

    private let recent = Mutex<[(plain: ByteBuffer, compressed: ByteBuffer?)]>([])

    /// `body` gzip-compressed (nil if compression failed), from memory when it was compressed lately.
    func compressed(_ body: ByteBuffer) -> ByteBuffer? {
        if let hit = recent.withLock({ $0.last { $0.plain == body } }) { return hit.compressed }
        var plain = body
        let compressed = try? plain.compress(with: .gzip(), allocator: ByteBufferAllocator())
        recent.withLock { recent in
            if recent.count >= Self.kept { recent.removeFirst() }
            recent.append((body, compressed))
        }
        return compressed
    }
}
