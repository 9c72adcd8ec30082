import NIOCore
import Testing

@testable import BourseServer

/// Encoded bodies are reused within a version, remade for a new one, and bounded in bytes.
@Suite("Response cache")
struct ResponseCacheTests {
    @Test func aBodyIsMadeOncePerVersion() async {
        let cache = ResponseCache(maximumBytes: 1_000)
        var made = 0
        for version: Int64 in [1, 1, 1, 2, 2, 1] {
            let body = cache.body("k", version: version) {
                made += 1
                return Array("v\(version)".utf8)
            }
            #expect(String(buffer: body) == "v\(version)")
        }
        #expect(made == 3, "1, then 2, then 1 again (only the newest version of a key is kept)")
    }

    @Test func keysAreSeparate() async {
        let cache = ResponseCache(maximumBytes: 1_000)
        let a = cache.body("a", version: 1) { Array("a".utf8) }
        let b = cache.body("b", version: 1) { Array("b".utf8) }
        #expect(String(buffer: a) == "a" && String(buffer: b) == "b")
    }

    @Test func pastTheByteBoundTheCacheStartsOver() async {
        // Each entry costs its key, its 100-byte body and the overhead: two do not fit in 300 bytes.
        let cache = ResponseCache(maximumBytes: 300)
        var made = 0
        func get(_ key: String) async {
            _ = cache.body(key, version: 1) {
                made += 1
                return [UInt8](repeating: 0, count: 100)
            }
        }
        await get("a")
        await get("b")  // "a" is forgotten
        await get("b")
        await get("a")
        #expect(made == 3)
    }

    /// Regression: only body bytes were counted, so 60,000 distinct `to` values with tiny bodies grew the
    /// candle cache by ~20 MB. Keys and entries count now.
    @Test func manyTinyBodiesStayWithinTheEntryAndByteBounds() async {
        let cache = ResponseCache(maximumBytes: 1 << 20, maximumEntries: 1_000)
        for index in 0..<60_000 {
            _ = cache.body("/v1/candles/minutes/1?market=KRW-BTC&to=\(index)", version: 1) { Array("[]".utf8) }
            #expect(cache.count <= 1_000)
        }
        let bigKeys = ResponseCache(maximumBytes: 64 << 10)
        for index in 0..<10_000 {
            _ = bigKeys.body(String(repeating: "k", count: 1_000) + "\(index)", version: 1) { [] }
        }
        #expect(bigKeys.count <= (64 << 10) / 1_000, "keys are charged: \(bigKeys.count) entries kept")
    }
}
