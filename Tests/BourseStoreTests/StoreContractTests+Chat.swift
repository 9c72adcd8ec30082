import BourseCore
import BourseStore
import Testing

/// Chat messages: numbered per room, posted once per client id and room, paged newest first, from every backend.
@Suite("Store contract: chat")
struct ChatStoreContractTests {
    static func draft(_ room: String, _ author: AccountID, _ text: String, client: String) -> StoredChatMessage {
        StoredChatMessage(
            id: 0, room: room, sequence: 0, author: author, text: text, clientID: client,
            postedAt: Timestamp(milliseconds: 1_000))
    }

    @Test(arguments: StoreBackend.all)
    func messagesAreNumberedPerRoomAndPostedOncePerClientID(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ann = try await store.createAccount(named: "ann", at: Timestamp(milliseconds: 1)).id
            let ben = try await store.createAccount(named: "ben", at: Timestamp(milliseconds: 1)).id
            let first = try await store.postChatMessage(Self.draft("item:1", ann, "Is it boxed?", client: "a-1"))
            #expect(first.posted && first.message.sequence == 1 && first.message.id > 0)
            let other = try await store.postChatMessage(Self.draft("item:2", ann, "And this one?", client: "a-2"))
            #expect(other.message.sequence == 1 && other.message.id != first.message.id)
            let second = try await store.postChatMessage(
                Self.draft("item:1", ben, "Yes, 안녕 👋\nTwo lines.", client: "a-1"))
            #expect(second.posted && second.message.sequence == 2, "a client id is its author's own")

            // The same author's client id again: the first message back, nothing stored.
            let again = try await store.postChatMessage(Self.draft("item:1", ann, "Is it boxed??", client: "a-1"))
            #expect(!again.posted && again.message == first.message)
            #expect(try await store.chatMessage(in: "item:1", author: ann, clientID: "a-1") == first.message)
            #expect(try await store.chatMessage(in: "item:1", author: ann, clientID: "a-9") == nil)
            // A client id is unique per room: in another room it is another message.
            let elsewhere = try await store.postChatMessage(Self.draft("item:2", ann, "Boxed too?", client: "a-1"))
            #expect(elsewhere.posted && elsewhere.message.sequence == 2)

            let page = try await store.chatMessages(in: "item:1", before: nil, limit: 10)
            #expect(page.map(\.sequence) == [2, 1])
            #expect(page.first == second.message && page.first?.text == "Yes, 안녕 👋\nTwo lines.")
            #expect(try await store.chatMessages(in: "item:1", before: 2, limit: 10) == [first.message])
            #expect(try await store.chatMessages(in: "item:1", before: nil, limit: 1).map(\.sequence) == [2])
            #expect(try await store.chatMessages(in: "dm:1:ann", before: nil, limit: 10).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.all)
    func postsStoredTogetherAreNumberedInTheirOrder(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ann = try await store.createAccount(named: "ann", at: Timestamp(milliseconds: 1)).id
            let ben = try await store.createAccount(named: "ben", at: Timestamp(milliseconds: 1)).id
            let before = try await store.postChatMessage(Self.draft("item:1", ann, "First.", client: "a-0"))
            let posts = try await store.postChatMessages([
                Self.draft("item:1", ben, "Second.", client: "b-1"),
                Self.draft("item:2", ann, "Elsewhere.", client: "a-1"),
                Self.draft("item:1", ann, "Third.", client: "a-1"),
                // A resend in the same batch, and one of a message stored before it: each the earlier message.
                Self.draft("item:1", ben, "Second again.", client: "b-1"),
                Self.draft("item:1", ann, "First again.", client: "a-0"),
                Self.draft("item:1", ben, "Fourth.", client: "b-2"),
            ])
            #expect(posts.map(\.posted) == [true, true, true, false, false, true])
            #expect(posts.map(\.message.sequence) == [2, 1, 3, 2, 1, 4])
            #expect(posts[3].message == posts[0].message && posts[4].message == before.message)
            #expect(Set(posts.map(\.message.id)).count == 5, "stored messages have ids of their own")
            let page = try await store.chatMessages(in: "item:1", before: nil, limit: 10)
            #expect(page.map(\.text) == ["Fourth.", "Third.", "Second.", "First."])
            #expect(try await store.postChatMessages([]).isEmpty)
        }
    }
}
