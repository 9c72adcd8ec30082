import BourseClient
import BourseCore
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

/// The inbox resumed across a reconnect: what arrived while the stream was away comes first, once, then
/// the live entries.
@Suite("SDK inbox resume", .timeLimit(.minutes(3)))
struct InboxResumeClientTests {
    typealias C = AuctionClientTests
    typealias N = NotificationClientTests

    @Test func anEntryStoredWhileTheServerIsAwayArrivesOnceAfterTheReconnect() async throws {
        try await ServerHarness.with(steps: 0, configure: { $0.signIn.passwordCost = 4 }) { harness in
            let heard = N.Heard()
            let holder = Mutex<(AuctionStream, [Task<Void, Never>])?>(nil)
            defer { holder.withLock { $0?.1.forEach { $0.cancel() } } }
            let (port, item, annAccount, benAccount) = try await harness.serving { port in
                let seller = try await C.signedIn(port, "seller", krw: 0, harness)
                let ann = try await C.signedIn(port, "ann", krw: 1_000_000, harness)
                let ben = try await C.signedIn(port, "ben", krw: 1_000_000, harness)
                let annAccount = try #require(try await harness.store.account(named: "ann")).id
                let benAccount = try #require(try await harness.store.account(named: "ben")).id
                let item = try await seller.list(
                    AuctionListing(title: "Lamp", startPrice: 10_000, durationSeconds: 600),
                    photos: [C.photo(width: 90)]
                ).id
                let stream = AuctionStream(client: ann)
                let reading = stream.notifications()
                holder.withLock {
                    $0 = (
                        stream,
                        [
                            Task { await stream.run() },
                            Task { for await update in reading { heard.updates.withLock { $0.append(update) } } },
                        ]
                    )
                }
                _ = try await stream.authenticate()
                _ = try await ann.bid(item: item, maximum: 20_000)
                _ = try await ben.bid(item: item, maximum: 30_000)
                _ = try await N.wait(heard) { $0.count >= 1 }
                return (port, item, annAccount, benAccount)
            }
            // Away: Ann raises, Ben outbids her again; her inbox gets the second outbid with no socket open.
            _ = try await harness.submit([.bid(ItemID(UInt64(item)), account: annAccount, maximum: won(40_000))])
            _ = try await harness.submit([.bid(ItemID(UInt64(item)), account: benAccount, maximum: won(50_000))])
            // Stored once the feed has published the commit, which it does after the submitter's answer.
            var storedCount = 0
            for _ in 0..<500 {
                storedCount = try await harness.store.notifications(
                    of: annAccount, unreadOnly: false, before: nil, limit: 10
                ).count
                if storedCount >= 2 { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(storedCount == 2)
            try await harness.serving(port: port) { _ in
                _ = try await N.wait(heard) { $0.count >= 2 }
                // And a live one after it.
                _ = try await harness.submit([.bid(ItemID(UInt64(item)), account: annAccount, maximum: won(60_000))])
                _ = try await harness.submit([.bid(ItemID(UInt64(item)), account: benAccount, maximum: won(70_000))])
                _ = try await N.wait(heard) { $0.count >= 3 }
                try await Task.sleep(for: .milliseconds(300))
            }
            let ids = heard.updates.withLock { updates in
                updates.compactMap { update -> Int64? in
                    if case .added(let entry, _) = update { entry.id } else { nil }
                }
            }
            let all = try await harness.store.notifications(of: annAccount, unreadOnly: false, before: nil, limit: 10)
            #expect(ids == all.map { Int64($0.id) }.reversed(), "every entry once, in order, the missed one included")
            #expect(holder.withLock { $0?.0.reconnects } ?? 0 >= 1)
        }
    }

    func won(_ amount: Int64) -> Funds { Funds(units: amount * 100_000_000) }
}
