import BourseCore
import BourseStore
import Synchronization
import Testing

@testable import BourseServer

/// The chat queue: posts that wait together are stored in one group; every job, post and delivery runs in
/// the order handed in; a failed group fails its posts only.
@Suite("Chat queue")
struct ChatQueueTests {
    /// What a harness saw: the size of each group stored, and each delivery as "seq:text".
    final class Record: Sendable {
        let groups = Mutex<[Int]>([])
        let delivered = Mutex<[String]>([])
    }

    /// A queue over an in-memory store that records the size of each group it stores, and fails the groups
    /// holding a message whose text is "fail".
    struct Harness {
        let record = Record()
        let queue: ChatQueue

        init() {
            let store = InMemoryStore()
            let record = record
            queue = ChatQueue { drafts in
                record.groups.withLock { $0.append(drafts.count) }
                guard !drafts.contains(where: { $0.text == "fail" }) else { throw StoreError.closed }
                return try await store.postChatMessages(drafts)
            }
        }

        var groups: [Int] { record.groups.withLock { $0 } }
        var delivered: [String] { record.delivered.withLock { $0 } }

        func post(_ text: String, client: String? = nil) async throws -> ChatPost {
            let record = record
            return try await queue.post(
                StoredChatMessage(
                    id: 0, room: "item:1", sequence: 0, author: AccountID(1), text: text,
                    clientID: client ?? text, postedAt: Timestamp(milliseconds: 1))
            ) { post in record.delivered.withLock { $0.append("\(post.message.sequence):\(post.message.text)") } }
        }
    }

    @Test func postsWaitingBehindAJobAreStoredTogetherAndDeliveredInOrder() async throws {
        let harness = Harness()
        let (opened, open) = AsyncStream.makeStream(of: Void.self)
        // A job that holds the queue until every post below has been handed in.
        async let held: Void = harness.queue.run { for await _ in opened { break } }
        try await Task.sleep(for: .milliseconds(20))
        try await withThrowingTaskGroup(of: ChatPost.self) { group in
            for index in 1...40 { group.addTask { try await harness.post("m\(index)") } }
            // Every post is queued before the job lets go.
            while harness.queue.waiting < 40 { try await Task.sleep(for: .milliseconds(5)) }
            open.yield()
            var posts: [ChatPost] = []
            for try await post in group { posts.append(post) }
            #expect(posts.allSatisfy { $0.posted })
            #expect(Set(posts.map(\.message.sequence)) == Set(1...40))
        }
        try await held
        let groups = harness.groups
        #expect(groups.reduce(0, +) == 40)
        #expect(groups == [40], "posts that waited together share a transaction")
        // Delivered in the order the store numbered them, each once.
        let delivered = harness.delivered
        #expect(delivered.map { Int($0.split(separator: ":")[0])! } == Array(1...40))
    }

    @Test func aResendIsAnsweredWithoutADeliveryAndAFailedGroupFailsOnlyItsOwn() async throws {
        let harness = Harness()
        let first = try await harness.post("hello", client: "c-1")
        let again = try await harness.post("hello again", client: "c-1")
        #expect(first.posted && !again.posted && again.message == first.message)
        await #expect(throws: StoreError.closed) { try await harness.post("fail") }
        let after = try await harness.post("still here")
        #expect(after.posted && after.message.sequence == 2)
        #expect(harness.delivered == ["1:hello", "2:still here"])
        // A job's error reaches its caller, and the queue goes on.
        await #expect(throws: StoreError.closed) { try await harness.queue.run { throw StoreError.closed } }
        #expect(try await harness.queue.run { 7 } == 7)
    }

    @Test func aFailingPostInAGroupFailsAloneAndTheOthersAreStoredInOrder() async throws {
        let harness = Harness()
        let (opened, open) = AsyncStream.makeStream(of: Void.self)
        async let held: Void = harness.queue.run { for await _ in opened { break } }
        try await Task.sleep(for: .milliseconds(20))
        // The holding job runs, so it is not among those waiting.
        let first = Task { try await harness.post("first") }
        while harness.queue.waiting < 1 { try await Task.sleep(for: .milliseconds(5)) }
        let failing = Task { try await harness.post("fail") }
        while harness.queue.waiting < 2 { try await Task.sleep(for: .milliseconds(5)) }
        let last = Task { try await harness.post("last") }
        while harness.queue.waiting < 3 { try await Task.sleep(for: .milliseconds(5)) }
        open.yield()
        try await held
        let (stored, later) = (try await first.value, try await last.value)
        #expect(stored.message.sequence == 1 && later.message.sequence == 2)
        await #expect(throws: StoreError.closed) { try await failing.value }
        #expect(harness.groups == [3, 1, 1, 1], "the group, then each post on its own")
        #expect(harness.delivered == ["1:first", "2:last"])
    }
}
