import BourseStore
import BourseToolkit

/// Chat's store work, one job at a time in the order handed in, with posts stored in groups.
///
/// Members must see a room's messages in their numbered order, and a join's replay must reach its client
/// before any later message of the room, so posts, deletions and joins run one after another, each to its
/// end (delivery included) before the next starts. One transaction (one `fsync`) a message capped a busy
/// room at what the disk allows beside the exchange's journal: about 45 messages a second under a bid storm
/// in `bench chat`. So the posts that queued while the previous job ran are stored together in one
/// ``ChatStore/postChatMessages(_:)`` call (group commit, as the journal does), then delivered one by one in
/// their order.
final class ChatQueue: Sendable {
    /// Posts stored in one transaction at most.
    static let maximumBatch = 256

    /// A message to store, then to hand to `deliver` (if this call posted it) before anything after it runs.
    private struct Post: Sendable {
        var draft: StoredChatMessage
        var deliver: @Sendable (ChatPost) -> Void
        var answer: CheckedContinuation<ChatPost, any Error>
    }

    private enum Entry: Sendable {
        case post(Post)
        /// Any other job; it answers its caller itself.
        case job(@Sendable () async -> Void)
    }

    /// Stores a group of posts: ``ChatStore/postChatMessages(_:)`` of the server's store.
    private let storePosts: @Sendable ([StoredChatMessage]) async throws -> [ChatPost]
    private let queue = BatchQueue<Entry>()

    /// An empty queue in front of `store`.
    convenience init(store: any ChatStore) {
        self.init { drafts in try await store.postChatMessages(drafts) }
    }

    /// An empty queue that stores posts with `storePosts` (tests watch the groups through it).
    init(storePosts: @escaping @Sendable ([StoredChatMessage]) async throws -> [ChatPost]) {
        self.storePosts = storePosts
    }

    /// Jobs and posts handed in and not yet started.
    var waiting: Int { queue.count }

    /// Stores `draft` after everything handed in before it, with the posts queued beside it, and calls
    /// `deliver` with the stored message before the next job runs; returns what the store answered.
    func post(_ draft: StoredChatMessage, deliver: @escaping @Sendable (ChatPost) -> Void) async throws -> ChatPost {
        try await withCheckedThrowingContinuation { continuation in
            enqueue(.post(Post(draft: draft, deliver: deliver, answer: continuation)))
        }
    }

    /// Runs `job` after everything handed in before it, and before anything handed in after it starts.
    func run<Value: Sendable>(_ job: @escaping @Sendable () async throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            enqueue(
                .job {
                    do { continuation.resume(returning: try await job()) } catch {
                        continuation.resume(throwing: error)
                    }
                })
        }
    }

    private func enqueue(_ entry: Entry) {
        if queue.add([entry]).start { Task { await drain() } }
    }

    /// Runs entries until none are left: jobs one by one, the posts between two jobs in groups.
    private func drain() async {
        while let entries = queue.take() {
            var rest = entries[...]
            while let first = rest.first {
                if case .job(let job) = first {
                    await job()
                    rest = rest.dropFirst()
                    continue
                }
                var posts: [Post] = []
                while posts.count < Self.maximumBatch, case .post(let post)? = rest.first {
                    posts.append(post)
                    rest = rest.dropFirst()
                }
                await store(posts)
            }
        }
    }

    /// Stores `posts` in one transaction, delivers those posted in their order, then answers each.
    private func store(_ posts: [Post]) async {
        do {
            let stored = try await storePosts(posts.map(\.draft))
            guard stored.count == posts.count else {
                throw StoreError.corrupt("postChatMessages answered \(stored.count) of \(posts.count) messages")
            }
            for (result, post) in zip(stored, posts) {
                if result.posted { post.deliver(result) }
                post.answer.resume(returning: result)
            }
        } catch  where posts.count > 1 {
            // One bad post must not fail the others: each is tried on its own, in order.
            for post in posts { await store([post]) }
        } catch {
            for post in posts { post.answer.resume(throwing: error) }
        }
    }
}
