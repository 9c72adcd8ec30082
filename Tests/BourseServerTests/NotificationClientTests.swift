import BourseClient
import Foundation
import Synchronization
import Testing

/// The SDK's inbox against a live server: a notification arrives live on the stream with the unread count,
/// pages over REST, and marking it read reaches every stream of the user.
@Suite("SDK notifications against a live server", .timeLimit(.minutes(3)))
struct NotificationClientTests {
    typealias A = AuctionStreamClientTests

    final class Heard: Sendable {
        let updates = Mutex<[NotificationUpdate]>([])
    }

    /// Waits (up to 20 s) until `heard` satisfies `condition`.
    static func wait(
        _ heard: Heard, until condition: ([NotificationUpdate]) -> Bool
    ) async throws -> [NotificationUpdate] {
        for _ in 0..<1_000 {
            let updates = heard.updates.withLock { $0 }
            if condition(updates) { return updates }
            try await Task.sleep(for: .milliseconds(20))
        }
        let updates = heard.updates.withLock { $0 }
        Issue.record("notifications heard: \(updates)")
        return updates
    }

    @Test func anOutbidNoticeArrivesLiveAndIsMarkedReadEverywhere() async throws {
        try await A.withLamp { _, _, users, item in
            let (ann, ben) = (try #require(users["ann"]), try #require(users["ben"]))
            let stream = AuctionStream(client: ann)
            let heard = Heard()
            let reading = stream.notifications()
            let tasks = [
                Task { await stream.run() },
                Task { for await update in reading { heard.updates.withLock { $0.append(update) } } },
            ]
            defer { for task in tasks { task.cancel() } }
            _ = try await stream.authenticate()

            _ = try await ann.bid(item: item, maximum: 20_000)
            _ = try await ben.bid(item: item, maximum: 50_000)
            let live = try await Self.wait(heard) { !$0.isEmpty }
            guard case .added(let notice, let unread) = live.first else {
                Issue.record("not a new notification: \(live)")
                return
            }
            #expect(notice.kind == "outbid" && notice.item == item && !notice.read && unread == 1)
            #expect(notice.text.contains("“Lamp”") && notice.text.contains("20,000 won"), "\(notice.text)")

            let page = try await ann.notifications(unreadOnly: true)
            #expect(page.notifications == [notice] && page.unread == 1 && page.nextBefore == nil)
            #expect(try await ben.notifications().notifications.isEmpty)

            #expect(try await ann.markNotificationsRead(ids: [notice.id]) == 0)
            let after = try await Self.wait(heard) { $0.count >= 2 }
            #expect(after.last == .read(unread: 0))
            #expect(try await ann.notifications().notifications.map(\.read) == [true])
            #expect(try await ann.markNotificationsRead() == 0)
        }
    }
}
