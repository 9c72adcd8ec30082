import BourseCore
import NIOCore
import Testing

@testable import BourseServer

/// The per-connection send queue: batches frames, and closes a client that falls too far behind.
@Suite("Stream connection queue")
struct StreamConnectionTests {
    func frame(_ bytes: Int) -> ByteBuffer { ByteBuffer(repeating: 0x41, count: bytes) }

    @Test func framesLeaveInOneBatchInOrder() async {
        let connection = StreamConnection(id: 1, maximumQueuedBytes: 1_000, now: Timestamp(milliseconds: 0))
        for size in [10, 20, 30] { #expect(connection.enqueue(frame(size))) }
        let (frames, close) = await connection.nextFrames()
        #expect(frames.map(\.readableBytes) == [10, 20, 30])
        #expect(close == nil)
    }

    @Test func aClientThatFallsBehindIsClosedAsTooSlow() async {
        let connection = StreamConnection(id: 1, maximumQueuedBytes: 100, now: Timestamp(milliseconds: 0))
        #expect(connection.enqueue(frame(60)))
        #expect(!connection.enqueue(frame(60)), "the frame over the limit is refused")
        #expect(!connection.enqueue(frame(1)), "and so is everything after it")
        let (frames, close) = await connection.nextFrames()
        #expect(frames.isEmpty)
        #expect(close == .tooSlow)
    }

    @Test func aWaitingWriterWakesForTheNextFrame() async {
        let connection = StreamConnection(id: 1, maximumQueuedBytes: 100, now: Timestamp(milliseconds: 0))
        async let next = connection.nextFrames()
        try? await Task.sleep(for: .milliseconds(20))
        connection.enqueue(frame(5))
        let (frames, _) = await next
        #expect(frames.map(\.readableBytes) == [5])
    }
}
