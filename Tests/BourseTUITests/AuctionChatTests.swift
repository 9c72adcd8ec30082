import BourseClient
import BourseTUI
import Testing

/// The item's questions on the detail screen: `c` types one, Enter sends it, the thread shows under the
/// history, the seller marked; a visitor is told to sign in.
@Suite("Auction screens: the item's questions")
struct AuctionChatTests {
    typealias F = AuctionFixtures
    typealias S = AuctionScreenTests

    static func message(_ seq: Int64, _ from: String, _ text: String, seller: Bool = false) -> ChatMessage {
        F.decode([
            "message_id": seq + 100, "room": "item:7", "seq": seq, "from": from, "from_seller": seller, "text": text,
            "at": F.nowMs - (10 - seq) * 60_000,
        ])
    }

    @Test func cTypesAQuestionAndEnterSendsItTrimmed() {
        var state = S.detailState(S.items[0])
        #expect(state.handle(.character("c"), visibleRows: 10) == [])
        for character in "  Is it boxed? 상자 있나요" { _ = state.handle(.character(character), visibleRows: 10) }
        _ = state.handle(.backspace, visibleRows: 10)
        #expect(state.detail?.input == .message(text: "  Is it boxed? 상자 있나", problem: nil))
        // Keys are text while typing: `q` does not quit.
        _ = state.handle(.character("q"), visibleRows: 10)
        #expect(!state.shouldQuit)
        _ = state.handle(.backspace, visibleRows: 10)
        #expect(state.handle(.enter, visibleRows: 10) == [.chat(room: "item:7", text: "Is it boxed? 상자 있나")])
        #expect(state.detail?.input == AuctionDetailState.Input.none && state.pending == "sending…")
        state.apply(.posted(Self.message(3, "mina", "Is it boxed? 상자 있나")), visibleRows: 10)
        #expect(state.pending == nil && state.detail?.chat.map(\.seq) == [3])
    }

    @Test func anEmptyQuestionIsRefusedAndEscCancels() {
        var state = S.detailState(S.items[0])
        _ = state.handle(.character("c"), visibleRows: 10)
        _ = state.handle(.character(" "), visibleRows: 10)
        #expect(state.handle(.enter, visibleRows: 10) == [])
        #expect(state.detail?.input == .message(text: " ", problem: "type a message first"))
        _ = state.handle(.escape, visibleRows: 10)
        #expect(state.detail?.input == AuctionDetailState.Input.none && state.screen == .detail(7))
    }

    @Test func aLiveMessageGoesOnTopOnceAndOnlyInItsItem() {
        var state = S.detailState(S.items[0])
        state.apply(.chat(room: "item:7", [Self.message(1, "ann", "Is it boxed?")]), visibleRows: 10)
        state.apply(.said(Self.message(2, "seller", "Yes.", seller: true)), visibleRows: 10)
        state.apply(.said(Self.message(2, "seller", "Yes.", seller: true)), visibleRows: 10)
        var elsewhere = Self.message(3, "ben", "wrong item")
        elsewhere.room = "item:3"
        state.apply(.said(elsewhere), visibleRows: 10)
        #expect(state.detail?.chat.map(\.seq) == [2, 1] && state.notice == nil)
    }

    @Test func aDeletionBlanksTheMessageShownLiveOrOnARead() throws {
        var state = S.detailState(S.items[0])
        state.apply(
            .chat(room: "item:7", [Self.message(1, "ann", "Call me"), Self.message(2, "ben", "Red?")]), visibleRows: 10)
        var gone = Self.message(1, "", "")
        gone.deleted = true
        state.apply(.said(gone), visibleRows: 10)
        #expect(state.detail?.chat.map(\.deleted) == [false, true])
        #expect(state.detail?.chat.last?.from == "ann" && state.detail?.chat.last?.text == "", "the author stays")
        // A read that still had it (sent before the deletion) does not bring the words back.
        state.apply(.chat(room: "item:7", [Self.message(1, "ann", "Call me")]), visibleRows: 10)
        #expect(state.detail?.chat.last?.deleted == true)
        // A deletion of a message never shown adds nothing.
        var unseen = Self.message(5, "", "")
        unseen.deleted = true
        state.apply(.said(unseen), visibleRows: 10)
        #expect(state.detail?.chat.map(\.seq) == [2, 1])
        var hidden = Self.message(3, "cat", "")
        hidden.hidden = true
        state.apply(.said(hidden), visibleRows: 10)
        let frame = AuctionDetailScreen.render(state, now: F.now, width: 80, height: 40, colour: false)
            .joined(separator: "\n")
        #expect(frame.contains("ann: (deleted)") && frame.contains("cat: (hidden: you blocked them)"), "\(frame)")
    }

    @Test func aVisitorIsToldToSignIn() {
        var state = S.detailState(S.items[0], user: nil)
        #expect(state.handle(.character("c"), visibleRows: 10) == [])
        #expect(state.notice == .problem("sign in to ask: bourse auctions --user NAME"))
    }

    @Test func theThreadShowsUnderTheHistoryWithTheSellerMarked() throws {
        var state = S.detailState(S.items[0], standing: .init(leading: true, yourMax: 150_000))
        state.connection = .live
        state.apply(
            .chat(
                room: "item:7",
                [
                    Self.message(2, "seller", "Yes, with the original box.\nShipping tomorrow.", seller: true),
                    Self.message(1, "ann", "Is it boxed?"),
                ]), visibleRows: 10)
        // Another item's thread (an answer that crossed a page change) is not this one's.
        state.apply(.chat(room: "item:3", [Self.message(9, "ben", "wrong item")]), visibleRows: 10)
        let frame = AuctionDetailScreen.render(state, now: F.now, width: 80, height: 24, colour: false)
        try Golden.check(frame, "auctions-detail-questions-80x24")
        #expect(frame.count == 24 && frame.allSatisfy { DisplayWidth.cells($0) == 80 })
        #expect(frame.contains { $0.contains("seller (seller): Yes, with the original box. Shipping tomorrow.") })
        #expect(!frame.contains { $0.contains("wrong item") })
        _ = state.handle(.character("c"), visibleRows: 10)
        let typing = AuctionDetailScreen.render(state, now: F.now, width: 64, height: 16, colour: false)
        #expect(typing[13].hasPrefix(" Message: ▏") && typing[15].contains("Enter send"))
    }
}
