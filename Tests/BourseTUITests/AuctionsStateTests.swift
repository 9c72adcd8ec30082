import BourseClient
import BourseTUI
import Testing

@Suite("Auction screens' state: keys, actions, and the shell's answers")
struct AuctionsStateTests {
    typealias F = AuctionFixtures

    static func state(user: String? = "mina", items: [AuctionItem]? = nil) -> AuctionsState {
        var state = AuctionsState(user: user)
        let items =
            items
            ?? (1...6).map { F.item(id: Int64($0), title: "Item \($0)", price: 10_000, endsIn: 600, minimum: 10_000) }
        state.apply(.page(F.page(items, pages: 3, total: 40), sort: .ending), visibleRows: 3)
        return state
    }

    static func press(_ text: String, _ state: inout AuctionsState) -> [AuctionAction] {
        KeyDecoder().decodeAll(text).flatMap { state.handle($0, visibleRows: 3) }
    }

    @Test func arrowsAndVimKeysSelectAndScrollWithinThePage() {
        var state = Self.state()
        #expect(state.list.selected?.id == 1)
        #expect(Self.press("jjj", &state).isEmpty)
        #expect(state.list.selected?.id == 4 && state.list.top == 1)
        _ = state.handle(.up, visibleRows: 3)
        #expect(state.list.selected?.id == 3)
        _ = Self.press("G", &state)
        #expect(state.list.selected?.id == 6 && state.list.top == 3)
        // A refresh that reorders the page keeps the same item selected.
        let reordered = state.list.items.reversed().map { $0 }
        state.apply(.page(F.page(reordered, pages: 3, total: 40), sort: .ending), visibleRows: 3)
        #expect(state.list.selected?.id == 6 && state.list.top == 0)
    }

    @Test func sortCyclesAndPagesTurn() {
        var state = Self.state()
        #expect(Self.press("s", &state) == [.showList(page: 1, sort: .newest)])
        #expect(Self.press("sss", &state).last == .showList(page: 1, sort: .ending))
        #expect(state.handle(.right, visibleRows: 3) == [.showList(page: 2, sort: .ending)])
        #expect(state.handle(.pageDown, visibleRows: 3) == [.showList(page: 3, sort: .ending)])
        #expect(state.handle(.pageDown, visibleRows: 3).isEmpty)  // the last page
        #expect(state.handle(.left, visibleRows: 3) == [.showList(page: 2, sort: .ending)])
        // A page loaded for the order before `s` is dropped.
        _ = Self.press("s", &state)
        state.apply(.page(F.page([F.item(id: 99, title: "old", price: 1, endsIn: 9)]), sort: .ending), visibleRows: 3)
        #expect(!state.list.items.contains { $0.id == 99 })
    }

    @Test func aPagePastTheEndAsksForTheLastPage() {
        var state = Self.state()
        _ = Self.press("ll", &state)
        #expect(
            state.apply(.page(F.page([], page: 3, pages: 2, total: 25), sort: .ending), visibleRows: 3) == [
                .showList(page: 2, sort: .ending)
            ])
    }

    @Test func enterOpensAndEscapeOrBackspaceGoBack() {
        var state = Self.state()
        _ = Self.press("j", &state)
        #expect(state.handle(.enter, visibleRows: 3) == [.open(item: 2)])
        #expect(state.screen == .detail(2) && state.detail?.item.id == 2)
        #expect(state.handle(.escape, visibleRows: 3) == [.close])
        #expect(state.screen == .list && state.detail == nil)
        _ = state.handle(.enter, visibleRows: 3)
        #expect(state.handle(.backspace, visibleRows: 3) == [.close])
    }

    @Test func biddingWithoutAUserSaysHowToSignIn() {
        var state = Self.state(user: nil)
        _ = state.handle(.enter, visibleRows: 3)
        #expect(Self.press("b", &state).isEmpty)
        #expect(
            state.notice == .problem(AuctionsState.signInHint) && state.detail?.input == AuctionDetailState.Input.none)
        #expect(Self.press("w", &state).isEmpty)
        #expect(Self.press("n", &state).isEmpty)
    }

    @Test func aMaximumIsTypedCheckedAndSent() {
        var state = Self.state()
        _ = state.handle(.enter, visibleRows: 3)
        #expect(Self.press("b", &state).isEmpty)
        #expect(state.detail?.input == .maximum(text: "", problem: nil))
        // Letters and a leading zero are not typed; `q` does not quit while typing; commas are skipped.
        #expect(Self.press("0x9q\r", &state).isEmpty)
        #expect(state.detail?.input == .maximum(text: "9", problem: "too low: the minimum bid is 10,000"))
        _ = state.handle(.backspace, visibleRows: 3)
        #expect(!state.shouldQuit)
        #expect(Self.press("\r", &state).isEmpty)
        #expect(state.detail?.input == .maximum(text: "", problem: "type a maximum in won (digits only)"))
        #expect(Self.press("25,000\r", &state) == [.bid(item: 1, maximum: 25_000)])
        #expect(state.detail?.input == AuctionDetailState.Input.none && state.pending == "bidding up to 25,000…")
        state.apply(.bid(F.receipt(item: 1, price: 10_000, leading: true, max: 25_000)), visibleRows: 3)
        #expect(state.pending == nil && state.standings[1] == .init(leading: true, yourMax: 25_000))
        #expect(state.notice == .info("bid accepted: you lead at 10,000 with your maximum 25,000"))
        // Esc leaves the input without bidding, and then goes back.
        _ = Self.press("b12", &state)
        #expect(state.handle(.escape, visibleRows: 3).isEmpty && state.screen == .detail(1))
        #expect(state.handle(.escape, visibleRows: 3) == [.close])
    }

    @Test func aRefusedBidShowsItsContractName() {
        var state = Self.state()
        _ = state.handle(.enter, visibleRows: 3)
        let actions = Self.press("b10000\r", &state)
        state.apply(.actionFailed(actions[0], .insufficientFunds("KRW available 5,000")), visibleRows: 3)
        #expect(state.notice == .refused(name: "insufficient_funds", message: "KRW available 5,000"))
        state.apply(.actionFailed(actions[0], .transport("timed out")), visibleRows: 3)
        #expect(state.notice == .problem("cannot reach the server: timed out"))
    }

    @Test func buyNowAsksFirst() {
        let items = [
            F.item(id: 1, title: "with", price: 10_000, endsIn: 600, buyNow: 60_000),
            F.item(id: 2, title: "without", price: 10_000, endsIn: 600),
        ]
        var state = Self.state(items: items)
        _ = state.handle(.enter, visibleRows: 3)
        #expect(Self.press("n", &state).isEmpty && state.detail?.input == .confirmBuyNow(60_000))
        #expect(Self.press("x", &state).isEmpty && state.notice == .info("buy now cancelled"))
        #expect(Self.press("ny", &state) == [.buyNow(item: 1)])
        _ = Self.press("\u{1B}j\r", &state)
        #expect(Self.press("n", &state).isEmpty && state.detail?.input == AuctionDetailState.Input.none)
        #expect(state.notice == .problem("this item has no buy-now price (it goes with the first bid)"))
    }

    @Test func ownItemsAreNotBidOn() {
        var state = Self.state(items: [F.item(id: 1, title: "mine", price: 10_000, endsIn: 600, seller: "mina")])
        _ = state.handle(.enter, visibleRows: 3)
        #expect(Self.press("b", &state).isEmpty)
        #expect(state.notice == .problem("this is your own item: sellers do not bid on their items"))
    }

    @Test func watchToggles() {
        var state = Self.state()
        _ = state.handle(.enter, visibleRows: 3)
        #expect(Self.press("w", &state) == [.watch(item: 1, watch: true)])
        state.apply(.watched(item: 1, F.decode(["watching": true, "watchers": 2])), visibleRows: 3)
        #expect(state.watching == [1] && state.notice == .info("watching (2 watching in all)"))
        #expect(Self.press("w", &state) == [.watch(item: 1, watch: false)])
    }

    @Test func refreshesKeepTheNewestCopyAndTheConnection() {
        var state = Self.state()
        _ = state.handle(.enter, visibleRows: 3)
        let newer = F.item(id: 1, title: "Item 1", price: 12_000, bids: 1, endsIn: 500, seq: 5)
        let older = F.item(id: 1, title: "Item 1", price: 11_000, bids: 1, endsIn: 500, seq: 4)
        state.apply(.item(newer, history: [F.bid("bidder 1", 12_000, secondsAgo: 1)]), visibleRows: 3)
        state.apply(.item(older, history: []), visibleRows: 3)
        #expect(state.detail?.item.price == 12_000 && state.detail?.history.count == 1)
        state.apply(.refreshFailed(.transport("connection refused")), visibleRows: 3)
        #expect(state.connection == .unreachable("cannot reach the server: connection refused"))
        state.apply(.item(newer, history: []), visibleRows: 3)
        #expect(state.connection == .live)
        state.apply(.refreshFailed(.tooManyRequests(retryAfterSeconds: 1, message: "slow down")), visibleRows: 3)
        #expect(state.notice == .refused(name: "too_many_requests", message: "slow down"))
    }

    @Test func qAndCtrlCQuit() {
        var state = Self.state()
        _ = state.handle(.character("q"), visibleRows: 3)
        #expect(state.shouldQuit)
        var typing = Self.state()
        _ = Self.press("\rb1", &typing)
        _ = typing.handle(.interrupt, visibleRows: 3)
        #expect(typing.shouldQuit)
    }
}

@Suite("Auction screens' state: an item opened by id")
struct AuctionItemByIDTests {
    typealias F = AuctionFixtures

    @Test func anItemOpenedByIDLoadsThenShows() {
        var state = AuctionsState(user: "mina")
        #expect(state.open(5) == [.open(item: 5)])
        let loading = AuctionDetailScreen.render(state, now: F.now, width: 60, height: 12, colour: false)
        #expect(loading[0].hasPrefix(" loading item #5…") && loading.count == 12)
        // Keys other than back and quit wait for the item.
        #expect(state.handle(.character("b"), visibleRows: 3).isEmpty && state.notice == nil)
        state.apply(.refreshFailed(.notFound("no item 5")), visibleRows: 3)
        let missing = AuctionDetailScreen.render(state, now: F.now, width: 60, height: 12, colour: false)
        #expect(missing[10].contains("⚠ not_found: no item 5"))
        state.apply(
            .item(F.item(id: 5, title: "Bauhaus desk lamp", price: 20_000, endsIn: 90), history: []), visibleRows: 3)
        #expect(state.detail?.item.title == "Bauhaus desk lamp" && state.detail?.historyLoaded == true)
        // An answer for another item (one opened before) does not open it.
        state.apply(.item(F.item(id: 6, title: "other", price: 1, endsIn: 9), history: []), visibleRows: 3)
        #expect(state.detail?.item.id == 5)
        #expect(state.handle(.escape, visibleRows: 3) == [.close] && state.screen == .list)
    }
}
