import BourseCore
import BourseStore
import Testing

/// Inboxes, kept alike by every backend: numbered in order, paged newest first, counted and marked read per
/// account only.
@Suite("Store contract: notifications")
struct NotificationStoreContractTests {
    @Test(arguments: StoreBackend.all)
    func inboxesAreNumberedPagedCountedAndMarkedReadPerAccount(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ann = try await store.createAccount(named: "ann", at: Timestamp(milliseconds: 1)).id
            let ben = try await store.createAccount(named: "ben", at: Timestamp(milliseconds: 1)).id
            let added = try await store.addNotifications([
                StoredNotification(
                    account: ann, kind: "outbid", item: ItemID(7), text: "Outbid.", at: Timestamp(milliseconds: 10)),
                StoredNotification(
                    account: ben, kind: "chat", item: ItemID(7), room: "dm:7:ben", text: "A message.",
                    at: Timestamp(milliseconds: 11)),
                StoredNotification(
                    account: ann, kind: "won", item: ItemID(7), text: "Won.", at: Timestamp(milliseconds: 12)),
                StoredNotification(
                    account: ann, kind: "sold", text: "Sold, 안녕.", koreanText: "판매 완료.",
                    at: Timestamp(milliseconds: 13)),
            ])
            #expect(added.map(\.kind) == ["outbid", "chat", "won", "sold"])
            #expect(added.map(\.koreanText) == [nil, nil, nil, "판매 완료."], "Korean beside English, or none")
            #expect(zip(added, added.dropFirst()).allSatisfy { $0.id < $1.id } && added.allSatisfy { !$0.read })
            #expect(try await store.addNotifications([]).isEmpty)

            let inbox = try await store.notifications(of: ann, unreadOnly: false, before: nil, limit: 10)
            #expect(inbox == [added[3], added[2], added[0]])
            #expect(
                try await store.notifications(of: ann, unreadOnly: false, before: added[3].id, limit: 1) == [added[2]])
            #expect(try await store.notifications(of: ben, unreadOnly: true, before: nil, limit: 10) == [added[1]])
            #expect(try await store.unreadNotificationCount(of: ann) == 3)

            // By id (another account's id is ignored), then up to an id, then all.
            #expect(try await store.markNotificationsRead(of: ann, ids: [added[2].id, added[1].id], through: nil) == 2)
            #expect(try await store.unreadNotificationCount(of: ben) == 1)
            let unread = try await store.notifications(of: ann, unreadOnly: true, before: nil, limit: 10)
            #expect(unread.map(\.id) == [added[3].id, added[0].id])
            let all = try await store.notifications(of: ann, unreadOnly: false, before: nil, limit: 10)
            #expect(all.map(\.read) == [false, true, false])
            #expect(try await store.markNotificationsRead(of: ann, ids: nil, through: added[0].id) == 1)
            #expect(try await store.markNotificationsRead(of: ann, ids: nil, through: nil) == 0)
            #expect(try await store.notifications(of: ann, unreadOnly: true, before: nil, limit: 10).isEmpty)
            #expect(try await store.unreadNotificationCount(of: ben) == 1)
        }
    }

    @Test(arguments: StoreBackend.all)
    func anInboxKeepsItsNewestThousandAndOthersAreUntouched(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ann = try await store.createAccount(named: "ann", at: Timestamp(milliseconds: 1)).id
            let ben = try await store.createAccount(named: "ben", at: Timestamp(milliseconds: 1)).id
            let capacity = StoredNotification.inboxCapacity
            let bens = try await store.addNotifications(
                (0..<3).map {
                    StoredNotification(account: ben, kind: "fill", text: "\($0)", at: Timestamp(milliseconds: 5))
                })
            let first = try await store.addNotifications(
                (0..<(capacity - 2)).map {
                    StoredNotification(account: ann, kind: "fill", text: "\($0)", at: Timestamp(milliseconds: 10))
                })
            #expect(try await store.unreadNotificationCount(of: ann) == capacity - 2)
            // Five more: the three oldest go, in the same transaction.
            let more = try await store.addNotifications(
                (0..<5).map {
                    StoredNotification(account: ann, kind: "fill", text: "more \($0)", at: Timestamp(milliseconds: 20))
                })
            let inbox = try await store.notifications(of: ann, unreadOnly: false, before: nil, limit: 2 * capacity)
            #expect(inbox.count == capacity)
            #expect(inbox.first?.id == more.last?.id && inbox.last?.id == first[3].id)
            #expect(try await store.unreadNotificationCount(of: ann) == capacity)
            #expect(
                try await store.notifications(of: ben, unreadOnly: false, before: nil, limit: 10) == bens.reversed())
            // Ids keep growing after a trim: a client paging by id never sees one twice.
            let next = try await store.addNotifications([
                StoredNotification(account: ben, kind: "fill", text: "later", at: Timestamp(milliseconds: 30))
            ])
            #expect(next[0].id > more.last!.id)
        }
    }
}
