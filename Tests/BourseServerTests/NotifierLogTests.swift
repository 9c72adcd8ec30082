import BourseCore
import BourseStore
import Synchronization
import Testing

@testable import BourseServer

/// The notifier's warnings: an inbox that silently stops filling is a bug report waiting, so a store that
/// fails is said in the log, with what was lost.
@Suite("Notifier warnings")
struct NotifierLogTests {
    @Test func aStoreThatFailsIsSaidWithWhatWasLost() async throws {
        let store = InMemoryStore()
        let mina = try await store.createAccount(named: "mina", at: Timestamp(milliseconds: 1)).id
        #expect(try await store.setPasswordHash("$2b$04$not-a-real-hash", of: mina))
        let recorder = LogRecorder(minimum: .warning)
        let notifier = Notifier(
            store: store, clock: { Timestamp(milliseconds: 1_000) }, logger: recorder.logger(label: "test.notifier"))
        let pushed = Mutex(0)
        notifier.pushing { _, _ in pushed.withLock { $0 += 1 } }
        func notice(_ text: String) -> StoredNotification {
            StoredNotification(
                account: mina, kind: "outbid", item: ItemID(1), text: text, at: Timestamp(milliseconds: 5))
        }

        notifier.notify([notice("first")])
        for _ in 0..<500 where pushed.withLock({ $0 }) == 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(pushed.withLock { $0 } == 1)
        #expect(recorder.lines.withLock { $0 }.isEmpty, "a working store is not worth a warning")

        try await store.close()
        notifier.notify([notice("second"), notice("third")])
        #expect(try await recorder.waitFor("2 notifications not stored"))
        let resumed = Mutex<[[UInt8]]?>(nil)
        notifier.resume(mina, after: .after(0)) { frames in resumed.withLock { $0 = frames } }
        #expect(try await recorder.waitFor("an inbox resume could not read the store"))
        #expect(recorder.lines.withLock { $0 }.allSatisfy { $0.hasPrefix("warning") })
    }
}
