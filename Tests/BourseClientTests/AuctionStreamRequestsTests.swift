import Foundation
import Testing

@testable import BourseClient

/// The stream's requests without a server: the frames a connection opens with, answers matched by id,
/// refusals as typed errors, and requests failing (not hanging) when the connection closes.
@Suite("Auction stream requests", .timeLimit(.minutes(3)))
struct AuctionStreamRequestsTests {
    static func stream(token: String? = nil) throws -> AuctionStream {
        let client = AuctionClient(baseURL: try #require(URL(string: "http://127.0.0.1:1")), token: token)
        return AuctionStream(client: client)
    }

    /// The next `count` frames written, decoded as JSON objects.
    static func next(
        _ count: Int, of outbox: inout AsyncStream<String>.Iterator
    ) async throws -> [[String: Any]] {
        var frames: [[String: Any]] = []
        for _ in 0..<count {
            let text = try #require(await outbox.next())
            frames.append(try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]))
        }
        return frames
    }

    @Test func aRequestMadeBeforeTheConnectionWaitsAndIsAnsweredByItsID() async throws {
        let stream = try Self.stream(token: "t0ken")
        let pinged = Task { try await stream.ping() }
        // The ping waits for a connection: the opening signs in and pings, then sends it.
        try await Task.sleep(for: .milliseconds(50))
        var outbox = stream.opened().makeAsyncIterator()
        let frames = try await Self.next(3, of: &outbox)
        #expect(frames.map { $0["type"] as? String } == ["auth", "ping", "ping"])
        #expect(frames[0]["token"] as? String == "t0ken")
        let id = try #require(frames[2]["id"] as? Int)
        stream.receive(Data(#"{"id":\#(id),"type":"pong","server_time":1800000000000}"#.utf8))
        #expect(try await pinged.value == Date(timeIntervalSince1970: 1_800_000_000))
        #expect(stream.client.clock.samples == 1)
    }

    @Test func anErrorReplyThrowsItsTypedError() async throws {
        let stream = try Self.stream()
        var outbox = stream.opened().makeAsyncIterator()
        _ = try await Self.next(1, of: &outbox)
        let bid = Task { try await stream.bid(item: 7, maximum: 500) }
        let sent = try await Self.next(1, of: &outbox)[0]
        #expect(sent["type"] as? String == "bid" && sent["max"] as? String == "500" && sent["item"] as? Int == 7)
        let id = try #require(sent["id"] as? Int)
        stream.receive(
            Data(#"{"id":\#(id),"type":"error","error":{"name":"bid_too_low","message":"At least 1000."}}"#.utf8))
        await #expect(throws: AuctionClientError.bidTooLow("At least 1000.")) { try await bid.value }
    }

    @Test func aRequestInFlightFailsWhenTheConnectionCloses() async throws {
        let stream = try Self.stream()
        var outbox = stream.opened().makeAsyncIterator()
        _ = try await Self.next(1, of: &outbox)
        let bid = Task { try await stream.bid(item: 7, maximum: 5_000) }
        _ = try await Self.next(1, of: &outbox)
        stream.closed()
        do {
            _ = try await bid.value
            Issue.record("the bid was answered")
        } catch let error as AuctionClientError {
            guard case .transport(let reason) = error else { throw error }
            #expect(reason.contains("closed before the answer"))
        }
    }

    @Test func aResubscriptionResumesFromTheLastSeqDelivered() async throws {
        let stream = try Self.stream()
        let events = stream.events()
        var outbox = stream.opened().makeAsyncIterator()
        _ = try await Self.next(1, of: &outbox)
        let subscribed = Task { try await stream.subscribe(items: [7]) }
        let id = try #require(try await Self.next(1, of: &outbox)[0]["id"] as? Int)
        stream.receive(Data(#"{"id":\#(id),"type":"subscribed","items":[7]}"#.utf8))
        #expect(try await subscribed.value == [7])
        stream.receive(Data(AuctionSequencesTests.snapshotJSON(7, 3).utf8))
        var reader = events.makeAsyncIterator()
        #expect(await reader.next()?.seq == 3)
        stream.closed()

        // The next connection follows item 7 again from seq 3, and pings to mark the end of the replay.
        var again = stream.opened().makeAsyncIterator()
        let opening = try await Self.next(2, of: &again)
        #expect(opening[0]["type"] as? String == "subscribe" && opening[0]["items"] as? [Int] == [7])
        #expect(opening[0]["since"] as? [String: Int] == ["7": 3])
        #expect(opening[1]["type"] as? String == "ping")
    }
}
