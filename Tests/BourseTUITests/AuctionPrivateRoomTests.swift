import BourseClient
import BourseTUI
import Testing

/// Private rooms on the detail screen (issue #19): `p` takes a buyer to their room with the seller and back,
/// and a seller through the rooms of buyers who wrote (named by the inbox); an inbox entry of a message
/// opens its room; the room on screen marks what the other side wrote read, and the user's own newest
/// message the other side read is marked "✓ seen".
@Suite("Auction screens: private rooms and read receipts")
struct AuctionPrivateRoomTests {
    typealias F = AuctionFixtures
    typealias S = AuctionScreenTests

    static func message(
        _ id: Int64, _ from: String, _ text: String, room: String, seller: Bool = false
    )
        -> ChatMessage
    {
        F.decode([
            "message_id": id, "room": room, "seq": id, "from": from, "from_seller": seller, "text": text,
            "at": F.nowMs - (200 - id) * 1_000,
        ])
    }

    static func receipt(_ user: String, _ id: Int64, room: String) -> ChatReadReceipt {
        F.decode(["room": room, "from": user, "message_id": id, "at": F.nowMs])
    }

    static func chatEntry(_ id: Int64, item: Int64, room: String) throws -> AuctionNotification {
        var entry = try AuctionInboxTests.notification(id, "chat", item: item, "A message about item \(item).")
        entry.room = room
        return entry
    }

    @Test func pTakesABuyerToTheirRoomWithTheSellerAndBack() throws {
        var state = S.detailState(S.items[0])
        state.apply(.chat(room: "item:7", [Self.message(1, "ann", "Boxed?", room: "item:7")]), visibleRows: 10)
        #expect(state.handle(.character("p"), visibleRows: 10) == [.showRoom(item: 7, room: "dm:7:mina")])
        #expect(state.detail?.room == "dm:7:mina" && state.detail?.chat.isEmpty == true)
        // The public thread's messages are not this room's, live or read late.
        state.apply(.said(Self.message(2, "ben", "Mint?", room: "item:7")), visibleRows: 10)
        state.apply(.chat(room: "item:7", [Self.message(1, "ann", "Boxed?", room: "item:7")]), visibleRows: 10)
        #expect(state.detail?.chat.isEmpty == true)
        state.apply(
            .chat(room: "dm:7:mina", [Self.message(5, "mina", "Would you ship to Busan?", room: "dm:7:mina")]),
            visibleRows: 10)
        let frame = AuctionDetailScreen.render(state, now: F.now, width: 100, height: 24, colour: false)
        #expect(frame.contains { $0.contains("Private room with the seller, demo-seller-1 (latest 1") }, "\(frame)")
        #expect(frame.contains { $0.contains("mina: Would you ship to Busan?") })
        // What is typed goes to the room on screen.
        _ = state.handle(.character("c"), visibleRows: 10)
        for character in "Thanks" { _ = state.handle(.character(character), visibleRows: 10) }
        #expect(state.handle(.enter, visibleRows: 10) == [.chat(room: "dm:7:mina", text: "Thanks")])
        #expect(state.handle(.character("p"), visibleRows: 10) == [.showRoom(item: 7, room: "item:7")])
        #expect(state.detail?.isPrivate == false)
    }

    @Test func aVisitorIsToldToSignInAndASellerWithoutMessagesIsToldWhereTheyCome() {
        var visitor = S.detailState(S.items[0], user: nil)
        #expect(visitor.handle(.character("p"), visibleRows: 10) == [])
        #expect(visitor.notice == .problem("sign in to talk to the seller: bourse auctions --user NAME"))
        var seller = S.detailState(S.items[3])
        #expect(seller.handle(.character("p"), visibleRows: 10) == [])
        #expect(
            seller.notice
                == .info("no buyer has written to you about this item yet; their messages come to your inbox (i)"))
        #expect(seller.detail?.room == "item:4")
    }

    @Test func aSellerGoesThroughTheRoomsOfBuyersWhoWrote() throws {
        var state = S.detailState(S.items[3])
        let entries = [
            try Self.chatEntry(4, item: 4, room: "dm:4:ben"),
            try Self.chatEntry(3, item: 9, room: "dm:9:cat"),
            try Self.chatEntry(2, item: 4, room: "dm:4:ann"),
            try Self.chatEntry(1, item: 4, room: "dm:4:ben"),
        ]
        state.apply(.notifications(try AuctionInboxTests.page(entries, unread: 4)), visibleRows: 10)
        #expect(state.handle(.character("p"), visibleRows: 10) == [.showRoom(item: 4, room: "dm:4:ben")])
        #expect(state.handle(.character("p"), visibleRows: 10) == [.showRoom(item: 4, room: "dm:4:ann")])
        state.apply(
            .chat(room: "dm:4:ann", [Self.message(8, "ann", "Still for sale?", room: "dm:4:ann")]), visibleRows: 10)
        let frame = AuctionDetailScreen.render(state, now: F.now, width: 100, height: 24, colour: false)
        #expect(
            frame.contains {
                $0.contains("Private room with ann (latest 1, newest first, KST; c to write, p next room)")
            })
        #expect(state.handle(.character("p"), visibleRows: 10) == [.showRoom(item: 4, room: "item:4")])
    }

    @Test func anInboxEntryOfAMessageOpensItsRoom() throws {
        var state = S.listState()
        let entry = try Self.chatEntry(3, item: 4, room: "dm:4:ben")
        state.apply(.notifications(try AuctionInboxTests.page([entry], unread: 1)), visibleRows: 10)
        _ = state.handle(.character("i"), visibleRows: 10)
        #expect(state.handle(.enter, visibleRows: 10) == [.open(item: 4), .showRoom(item: 4, room: "dm:4:ben")])
        state.apply(.item(S.items[3], history: []), visibleRows: 10)
        #expect(state.detail?.room == "dm:4:ben")
        // A room of another item than the entry's is not trusted: the public thread opens.
        var other = S.listState()
        let odd = try Self.chatEntry(3, item: 4, room: "dm:9:ben")
        other.apply(.notifications(try AuctionInboxTests.page([odd], unread: 1)), visibleRows: 10)
        _ = other.handle(.character("i"), visibleRows: 10)
        #expect(other.handle(.enter, visibleRows: 10) == [.open(item: 4)])
    }

    @Test func theOtherSidesMessagesAreMarkedReadOnceInPrivateRoomsOnly() throws {
        var state = S.detailState(S.items[3])  // mina sells item 4
        let room = "dm:4:ann"
        #expect(
            state.apply(.chat(room: "item:4", [Self.message(1, "ann", "Q?", room: "item:4")]), visibleRows: 10) == [])
        let entry = try Self.chatEntry(2, item: 4, room: room)
        state.apply(.notifications(try AuctionInboxTests.page([entry], unread: 1)), visibleRows: 10)
        _ = state.handle(.character("p"), visibleRows: 10)
        let first = [Self.message(10, "ann", "Hi", room: room), Self.message(11, "mina", "Hello", room: room)]
        #expect(state.apply(.chat(room: room, first), visibleRows: 10) == [.markRead(room: room, messageID: 10)])
        #expect(state.apply(.chat(room: room, first), visibleRows: 10) == [], "marked once")
        #expect(state.apply(.said(Self.message(12, "mina", "Yes?", room: room)), visibleRows: 10) == [], "own words")
        // While the inbox covers the room, what comes is read when the room is back on screen.
        _ = state.handle(.character("i"), visibleRows: 10)
        #expect(state.apply(.said(Self.message(13, "ann", "Ship?", room: room)), visibleRows: 10) == [])
        #expect(state.handle(.escape, visibleRows: 10) == [.markRead(room: room, messageID: 13)])
    }

    @Test func theOwnNewestMessageTheOtherSideReadIsSeen() throws {
        var state = S.detailState(S.items[0])
        _ = state.handle(.character("p"), visibleRows: 10)
        let room = "dm:7:mina"
        state.apply(
            .chat(
                room: room,
                [
                    Self.message(22, "mina", "And the lens cap?", room: room),
                    Self.message(21, "mina", "Is the shutter accurate?", room: room),
                    Self.message(20, "demo-seller-1", "Welcome", room: room, seller: true),
                ]), visibleRows: 10)
        func seen() -> [String] {
            AuctionDetailScreen.render(state, now: F.now, width: 80, height: 24, colour: false)
                .filter { $0.contains("✓ seen") }
        }
        #expect(seen().isEmpty)
        state.apply(.read(Self.receipt("demo-seller-1", 21, room: room)), visibleRows: 10)
        #expect(seen().count == 1 && seen()[0].contains("Is the shutter accurate?"), "\(seen())")
        // Receipts only move forward; the user's own receipt and another room's say nothing.
        state.apply(.read(Self.receipt("demo-seller-1", 20, room: room)), visibleRows: 10)
        state.apply(.read(Self.receipt("mina", 22, room: room)), visibleRows: 10)
        state.apply(.read(Self.receipt("demo-seller-1", 22, room: "item:7")), visibleRows: 10)
        #expect(seen().count == 1 && seen()[0].contains("Is the shutter accurate?"))
        state.apply(.read(Self.receipt("demo-seller-1", 22, room: room)), visibleRows: 10)
        let line = try #require(seen().first)
        #expect(line.contains("And the lens cap?") && line.hasSuffix("✓ seen") && DisplayWidth.cells(line) == 80)
    }

    @Test func receiptsAreKeptPerRoomWhateverIsOnScreenAndALostOneIsSentAgain() throws {
        // The seller opens a buyer's room from the inbox: the join's receipts come before the item does.
        var state = S.listState()
        let room = "dm:4:ann"
        state.apply(
            .notifications(try AuctionInboxTests.page([try Self.chatEntry(3, item: 4, room: room)], unread: 1)),
            visibleRows: 10)
        _ = state.handle(.character("i"), visibleRows: 10)
        _ = state.handle(.enter, visibleRows: 10)
        #expect(state.detail == nil)
        state.apply(.read(Self.receipt("ann", 11, room: room)), visibleRows: 10)
        state.apply(.item(S.items[3], history: []), visibleRows: 10)
        let messages = [
            Self.message(11, "mina", "Yes, it is.", room: room), Self.message(10, "ann", "Boxed?", room: room),
        ]
        #expect(state.apply(.chat(room: room, messages), visibleRows: 10) == [.markRead(room: room, messageID: 10)])
        let frame = AuctionDetailScreen.render(state, now: F.now, width: 80, height: 24, colour: false)
        #expect(frame.contains { $0.contains("Yes, it is.") && $0.hasSuffix("✓ seen") }, "\(frame)")
        // Switching away and back keeps what the other side read.
        _ = state.handle(.character("p"), visibleRows: 10)
        _ = state.handle(.character("p"), visibleRows: 10)
        #expect(state.detail?.room == room && state.receipts[room] == ["ann": 11])
        // A receipt the shell could not send is sent again with the next read of the room.
        #expect(state.apply(.chat(room: room, messages), visibleRows: 10) == [.markRead(room: room, messageID: 10)])
        state.apply(.readNotMarked(room: room, messageID: 10), visibleRows: 10)
        #expect(state.apply(.chat(room: room, messages), visibleRows: 10) == [.markRead(room: room, messageID: 10)])
        #expect(state.apply(.chat(room: room, messages), visibleRows: 10) == [])
        // And after the socket comes back (one sent while it was away may be lost).
        state.apply(.connection(.connected), visibleRows: 10)
        #expect(state.apply(.chat(room: room, messages), visibleRows: 10) == [.markRead(room: room, messageID: 10)])
    }

    @Test func aRefusedPrivateRoomGoesBackToTheQuestions() {
        var state = S.detailState(S.items[0])
        _ = state.handle(.character("p"), visibleRows: 10)
        let refusal = AuctionClientError.server(status: 403, name: "forbidden", message: "Not yours.")
        #expect(
            state.apply(.roomFailed(room: "dm:7:mina", refusal), visibleRows: 10)
                == [.showRoom(item: 7, room: "item:7")])
        #expect(state.detail?.room == "item:7" && state.notice == .refused(name: "forbidden", message: "Not yours."))
        // A transport failure of the room is the connection's, not the room's; a refusal of a room no longer
        // on screen is old news; a bid being typed survives a room change.
        #expect(state.apply(.roomFailed(room: "item:7", .transport("Connection refused")), visibleRows: 10) == [])
        #expect(state.detail?.room == "item:7")
        _ = state.handle(.character("b"), visibleRows: 10)
        #expect(state.apply(.roomFailed(room: "dm:7:mina", refusal), visibleRows: 10) == [])
        #expect(state.detail?.input == .maximum(text: "", problem: nil))
        _ = state.handle(.escape, visibleRows: 10)
        _ = state.handle(.character("p"), visibleRows: 10)
        let busy = AuctionClientError.tooManyRequests(retryAfterSeconds: 1, message: "Slow down.")
        #expect(state.apply(.roomFailed(room: "dm:7:mina", busy), visibleRows: 10) == [])
        #expect(state.detail?.room == "dm:7:mina", "a refusal that is not about the room keeps it")
    }
}
