import BourseCore
import NIOCore
import Synchronization
import Testing

@testable import BourseServer

/// The per-connection send queue: batches frames, wakes its writer once per batch, and closes a client
/// that falls too far behind.
@Suite("Stream connection queue")
struct StreamConnectionTests {
    func frame(_ bytes: Int) -> StreamFrame { StreamFrame(binary: [UInt8](repeating: 0x41, count: bytes)) }

    func connection(limit: Int) -> StreamConnection {
        StreamConnection(id: 1, maximumQueuedBytes: limit, now: Timestamp(milliseconds: 0))
    }

    @Test func framesLeaveInOneBatchInOrder() {
        let connection = connection(limit: 1_000)
        for size in [10, 20, 30] { #expect(connection.enqueue(frame(size))) }
        #expect(connection.takeFrames().map(\.count) == [12, 22, 32])
        #expect(connection.takeFrames().isEmpty)
    }

    @Test func theWriterIsWokenOncePerBatch() {
        let connection = connection(limit: 1_000)
        let wakes = Atomic<Int>(0)
        connection.enqueue(frame(1))
        connection.onFrames { _ in wakes.add(1, ordering: .relaxed) }
        #expect(wakes.load(ordering: .relaxed) == 1, "frames already waiting wake the new writer")
        connection.enqueue(frame(2))
        #expect(wakes.load(ordering: .relaxed) == 1, "no second wake before the writer takes the batch")
        #expect(connection.takeFrames().count == 2)
        connection.enqueue(frame(3))
        connection.enqueue(frame(4))
        #expect(wakes.load(ordering: .relaxed) == 2)
    }

    @Test func anAnswerWakesTheWriterAheadOfAPendingBroadcast() {
        let connection = connection(limit: 1_000)
        let wakes = Mutex<[Bool]>([])
        connection.onFrames { urgent in wakes.withLock { $0.append(urgent) } }
        connection.enqueue(frame(1))
        connection.enqueue(frame(2), urgent: true)
        connection.enqueue(frame(3), urgent: true)
        #expect(wakes.withLock { $0 } == [false, true], "one urgent wake even though a wake is pending")
        #expect(connection.takeFrames().map(\.count) == [3, 4, 5], "frames keep their order")
        connection.enqueue(frame(4), urgent: true)
        connection.enqueue(frame(5))
        #expect(wakes.withLock { $0 } == [false, true, true], "an urgent wake also covers what follows it")
    }

    @Test func aClientThatFallsBehindIsClosedAsTooSlow() async {
        let connection = connection(limit: 100)
        #expect(connection.enqueue(frame(60)))
        #expect(!connection.enqueue(frame(60)), "the frame over the limit is refused")
        #expect(!connection.enqueue(frame(1)), "and so is everything after it")
        #expect(connection.takeFrames().isEmpty)
        #expect(await connection.closeReason() == .tooSlow)
    }

    @Test func aWaitingCloserWakesWhenTheClientLeaves() async {
        let connection = connection(limit: 100)
        async let reason = connection.closeReason()
        try? await Task.sleep(for: .milliseconds(20))
        connection.finish()
        #expect(await reason == nil)
    }

    @Test(arguments: [0, 125, 126, 65_535, 65_536])
    func framesCarryRFC6455Headers(length: Int) {
        let bytes = Array(StreamFrame(binary: [UInt8](repeating: 7, count: length)).bytes.readableBytesView)
        #expect(bytes[0] == 0x82)
        switch length {
        case ..<126:
            #expect(Int(bytes[1]) == length && bytes.count == 2 + length)
        case ...65_535:
            #expect(bytes[1] == 126 && Int(bytes[2]) << 8 | Int(bytes[3]) == length && bytes.count == 4 + length)
        default:
            #expect(bytes[1] == 127 && bytes[2..<10].reduce(0) { $0 << 8 | Int($1) } == length)
            #expect(bytes.count == 10 + length)
        }
    }
}

extension StreamConnection {
    /// Waits until the server closes the connection (the reason) or the client goes away (nil): the end
    /// listener a test holds in place of the reader's.
    func closeReason() async -> CloseReason? {
        await withCheckedContinuation { continuation in whenEnded { continuation.resume(returning: $0) } }
    }
}
