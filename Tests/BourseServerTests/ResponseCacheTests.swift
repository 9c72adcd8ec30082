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
            let body = await cache.body("k", version: version) {
                made += 1
                return Array("v\(version)".utf8)
            }
            #expect(String(buffer: body) == "v\(version)")
        }
        #expect(made == 3, "1, then 2, then 1 again (only the newest version of a key is kept)")
    }

    @Test func keysAreSeparate() async {
        let cache = ResponseCache(maximumBytes: 1_000)
        let a = await cache.body("a", version: 1) { Array("a".utf8) }
        let b = await cache.body("b", version: 1) { Array("b".utf8) }
        #expect(String(buffer: a) == "a" && String(buffer: b) == "b")
    }

    @Test func pastTheByteBoundTheCacheStartsOver() async {
        let cache = ResponseCache(maximumBytes: 10)
        var made = 0
        func get(_ key: String) async {
            _ = await cache.body(key, version: 1) {
                made += 1
                return [UInt8](repeating: 0, count: 6)
            }
        }
        await get("a")
        await get("b")  // 12 bytes > 10: "a" is forgotten
        await get("b")
        await get("a")
        #expect(made == 3)
    }
}
