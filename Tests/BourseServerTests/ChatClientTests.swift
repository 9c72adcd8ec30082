import BourseClient
import Foundation
import Testing

/// The SDK's chat over REST against a live server: a question and the seller's answer, pages, a safe retry.
@Suite("SDK chat against a live server", .timeLimit(.minutes(3)))
struct ChatClientTests {
    typealias C = AuctionClientTests

    @Test func aBuyerAsksTheSellerAnswersAndARetryPostsOnce() async throws {
        try await C.with { harness, port in
            let seller = try await C.signedIn(port, "seller", krw: 0, harness)
            let ann = try await C.signedIn(port, "ann", krw: 0, harness)
            let item = try await seller.list(
                AuctionListing(
                    title: "Lamp", description: "", category: "home", startPrice: 1_000, durationSeconds: 600),
                photos: [C.photo(width: 100)])
            let room = "item:\(item.id)"
            let asked = try await ann.postChatMessage(room: room, text: "Does it work?", clientID: "ann-1")
            #expect(asked.posted && asked.message.seq == 1 && !asked.message.fromSeller && asked.message.from == "ann")
            let retried = try await ann.postChatMessage(room: room, text: "Does it work?", clientID: "ann-1")
            #expect(!retried.posted && retried.message == asked.message)
            let answered = try await seller.postChatMessage(room: room, text: "Yes, with a new bulb.")
            #expect(answered.message.fromSeller && answered.message.seq == 2)

            // Anyone reads the public thread; pages go back by seq.
            let visitor = AuctionClient(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")))
            let first = try await visitor.chatMessages(room: room, limit: 1)
            #expect(first.messages.map(\.text) == ["Yes, with a new bulb."] && first.nextBefore == 2)
            let older = try await visitor.chatMessages(room: room, before: first.nextBefore, limit: 1)
            #expect(older.messages == [asked.message] && older.nextBefore == nil)
            // A private room is not a visitor's.
            await #expect(throws: AuctionClientError.self) {
                try await visitor.chatMessages(room: "dm:\(item.id):ann")
            }
        }
    }
}
