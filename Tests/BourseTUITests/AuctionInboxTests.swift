import BourseClient
import BourseTUI
import Foundation
import Testing

/// The inbox in `bourse auctions`: `i` opens it for a signed-in user, a live notification is told on the
/// status line wherever the user is, Enter opens an entry's item, Esc goes back, and typing keeps its `i`.
@Suite("Auction screens: the inbox")
struct AuctionInboxTests {
    typealias S = AuctionsStateTests
    typealias F = AuctionFixtures

    static func notification(
        _ id: Int64, _ kind: String, item: Int64?, _ text: String, read: Bool = false
    ) throws
        -> AuctionNotification
    {
        let json = """
            {"notification_id":\(id),"kind":"\(kind)","item":\(item.map(String.init) ?? "null"),"room":null,\
            "text":"\(text)","at":\(F.nowMs - id * 60_000),"read":\(read)}
            """
        return try JSONDecoder().decode(AuctionNotification.self, from: Data(json.utf8))
    }

    static func page(_ entries: [AuctionNotification], unread: Int) throws -> NotificationPage {
        var page = try JSONDecoder().decode(
            NotificationPage.self, from: Data(#"{"notifications":[],"unread":0,"next_before":null}"#.utf8))
        page.notifications = entries
        page.unread = unread
        return page
    }

    @Test func aSignedInUserOpensTheInboxAndAnEntryOpensItsItem() throws {
        var state = S.state()
        let entries = [
            try Self.notification(2, "outbid", item: 4, "You were outbid on “Item 4”."),
            try Self.notification(1, "fill", item: nil, "Your order on KRW-BTC was filled.", read: true),
        ]
        state.apply(.notifications(try Self.page(entries, unread: 1)), visibleRows: 3)
        let status = AuctionListScreen.render(state, now: F.now, width: 100, height: 10, colour: false)
        #expect(status[8].contains("✉ 1 unread (i)") && status[9].contains("i inbox"), "\(status)")

        #expect(S.press("i", &state) == [.showInbox] && state.screen == .inbox)
        let frame = AuctionInboxScreen.render(state, width: 90, height: 8, colour: false)
        #expect(frame.count == 8 && frame.allSatisfy { DisplayWidth.cells($0) == 90 })
        #expect(frame[0].contains("Notifications · mina · 1 unread"))
        #expect(frame[2].contains("▶•") && frame[2].contains("outbid") && frame[2].contains("You were outbid"))
        #expect(frame[3].contains("filled") && !frame[3].contains("•"), "a read entry is not marked")

        // Enter on the fill (no item) says so; on the outbid it opens the item.
        _ = S.press("j", &state)
        #expect(S.press("\r", &state).isEmpty && state.screen == .inbox)
        _ = S.press("k", &state)
        #expect(S.press("\r", &state) == [.open(item: 4)] && state.screen == .detail(4))
        // Back to the inbox and out again to where it was opened from.
        _ = S.press("i", &state)
        _ = state.handle(.escape, visibleRows: 3)
        #expect(state.screen == .detail(4))
    }

    @Test func aLiveNotificationIsToldAnywhereAndReadingClearsTheCount() throws {
        var state = S.state()
        let entry = try Self.notification(3, "won", item: 2, "You won “Item 2” for 12,000 won.")
        state.apply(.notification(.added(entry, unread: 3)), visibleRows: 3)
        #expect(state.notice == .info("✉ You won “Item 2” for 12,000 won.") && state.inbox.unread == 3)
        #expect(state.inbox.entries.map(\.id) == [3])
        state.apply(.notification(.read(unread: 0)), visibleRows: 3)
        #expect(state.inbox.unread == 0 && state.inbox.entries.allSatisfy(\.read))
        let frame = AuctionListScreen.render(state, now: F.now, width: 100, height: 10, colour: false)
        #expect(!frame[8].contains("unread"))
    }

    @Test func readOnlyUsersAreToldToSignInAndTypingKeepsItsI() {
        var readOnly = S.state(user: nil)
        #expect(S.press("i", &readOnly).isEmpty && readOnly.screen == .list)
        #expect(readOnly.notice == .problem("sign in to read your notifications: bourse auctions --user NAME"))

        var typing = S.state()
        _ = typing.open(1, showing: typing.list.items.first)
        _ = S.press("ci", &typing)
        #expect(typing.screen == .detail(1) && typing.detail?.input == .message(text: "i", problem: nil))
    }
}
