import BourseStore
import Synchronization

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

    private enum Entry: Sendable {
        /// A message to store, then to hand to `deliver` (if this call posted it) before anything after it runs.
        case post(
            StoredChatMessage, deliver: @Sendable (ChatPost) -> Void, CheckedContinuation<ChatPost, any Error>)
        /// Any other job; it answers its caller itself.
        case job(@Sendable () async -> Void)
    }

    private struct State {
        var entries: [Entry] = []
        /// A task is draining ``entries``; the next entry waits for it rather than starting another.
        var running = false
    }

    /// Stores a group of posts: ``ChatStore/postChatMessages(_:)`` of the server's store.
    private let storePosts: @Sendable ([StoredChatMessage]) async throws -> [ChatPost]
    private let state = Mutex(State())

    /// An empty queue in front of `store`.
    convenience init(store: any ChatStore) {
        self.init { drafts in try await store.postChatMessages(drafts) }
    }

    /// An empty queue that stores posts with `storePosts` (tests watch the groups through it).
    init(storePosts: @escaping @Sendable ([StoredChatMessage]) async throws -> [ChatPost]) {
        self.storePosts = storePosts
    }

    /// Jobs and posts handed in and not yet started.
    var waiting: Int { state.withLock { $0.entries.count } }

    /// Stores `draft` after everything handed in before it, with the posts queued beside it, and calls
    /// `deliver` with the stored message before the next job runs; returns what the store answered.
    func post(_ draft: StoredChatMessage, deliver: @escaping @Sendable (ChatPost) -> Void) async throws -> ChatPost {
        try await withCheckedThrowingContinuation { continuation in
            enqueue(.post(draft, deliver: deliver, continuation))
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
        let start = state.withLock { state -> Bool in
            state.entries.append(entry)
            guard !state.running else { return false }
            state.running = true
            return true
        }
        if start { Task { await self.drain() } }
    }

    /// Runs entries until none are left.
    private func drain() async {
        while true {
            let entries = state.withLock { state -> [Entry] in
                defer { state.entries.removeAll() }
                if state.entries.isEmpty { state.running = false }
                return state.entries
            }
            guard !entries.isEmpty else { return }
            var rest = entries[...]
            while let first = rest.first {
                if case .job(let job) = first {
                    await job()
                    rest = rest.dropFirst()
                    continue
                }
                var posts:
                    [(StoredChatMessage, @Sendable (ChatPost) -> Void, CheckedContinuation<ChatPost, any Error>)] =
                        []
                while posts.count < Self.maximumBatch,
                    case .post(let draft, let deliver, let continuation)? = rest.first
                {
                    posts.append((draft, deliver, continuation))
                    rest = rest.dropFirst()
                }
                await store(posts)
            }
        }
    }

    /// Stores `posts` in one transaction, delivers those posted in their order, then answers each.
    private func store(
        _ posts: [(StoredChatMessage, @Sendable (ChatPost) -> Void, CheckedContinuation<ChatPost, any Error>)]
    ) async {
        do {
            let stored = try await storePosts(posts.map(\.0))
            guard stored.count == posts.count else {
                throw StoreError.corrupt("postChatMessages answered \(stored.count) of \(posts.count) messages")
            }
            for (post, (_, deliver, continuation)) in zip(stored, posts) {
                if post.posted { deliver(post) }
                continuation.resume(returning: post)
            }
        } catch  where posts.count > 1 {
            // One bad post must not fail the others: each is tried on its own, in order.
            for post in posts { await store([post]) }
        } catch {
            for (_, _, continuation) in posts { continuation.resume(throwing: error) }
        }
    }
}
