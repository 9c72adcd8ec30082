import BourseClient
import BourseTUI
import Testing

@Suite("Auction screens: golden frames of the list and the detail, every width")
struct AuctionScreenTests {
    typealias F = AuctionFixtures

    static let items = [
        F.item(
            id: 7, title: "라이카 M3 레인지파인더", price: 125_000, bids: 12, endsIn: 42, leader: "bidder 3",
            minimum: 130_000),
        F.item(
            id: 3, title: "Seiko 5 automatic watch", price: 40_000, bids: 3, endsIn: 245, reserve: "not_met",
            leader: "bidder 1", minimum: 41_000),
        F.item(id: 9, title: "고려청자 상감 운학문 매병 (재현품)", price: 10_000, endsIn: 3_725, buyNow: 600_000, minimum: 10_000),
        F.item(
            id: 4, title: "Montblanc 149 fountain pen", price: 88_000, bids: 5, endsIn: 90_000, reserve: "met",
            leader: "bidder 2", seller: "mina", minimum: 89_000),
    ]

    static func listState(user: String? = "mina") -> AuctionsState {
        var state = AuctionsState(user: user)
        state.apply(.page(F.page(items, page: 2, pages: 3, total: 37), sort: .ending), visibleRows: 10)
        state.list.page = 2
        state.apply(.page(F.page(items, page: 2, pages: 3, total: 37), sort: .ending), visibleRows: 10)
        state.standings = [7: .init(leading: true, yourMax: 150_000), 3: .init(leading: false, yourMax: nil)]
        _ = state.handle(.down, visibleRows: 10)
        return state
    }

    static func detailState(
        _ item: AuctionItem, standing: AuctionsState.Standing? = nil, user: String? = "mina"
    ) -> AuctionsState {
        var state = AuctionsState(user: user)
        state.apply(.page(F.page([item]), sort: .ending), visibleRows: 10)
        #expect(state.handle(.enter, visibleRows: 10) == [.open(item: item.id)])
        state.apply(
            .item(item, history: Self.history(of: item)), visibleRows: 10)
        state.apply(.myBids([]), visibleRows: 10)
        state.standings[item.id] = standing
        state.watching = [item.id]
        return state
    }

    /// A history that ends at the item's price: as many bids as it has (up to four), every other one raised
    /// past by the leader's proxy.
    static func history(of item: AuctionItem) -> [AuctionBid] {
        let price = item.price.rawValue
        let bids = [
            F.bid("bidder 3", price, secondsAgo: 20),
            F.bid("bidder 1", price * 96 / 100, secondsAgo: 75, leading: false),
            F.bid("bidder 3", price * 92 / 100, secondsAgo: 130), F.bid("bidder 1", price * 72 / 100, secondsAgo: 400),
        ]
        return Array(bids.prefix(min(item.bidCount, 4)))
    }

    @Test func listAt100ColumnsWithKoreanTitlesCountdownsAndStandings() throws {
        var state = Self.listState()
        state.connection = .live
        let frame = AuctionListScreen.render(state, now: F.now, width: 100, height: 10, colour: false)
        try Golden.check(frame, "auctions-list-100x10")
        #expect(frame.count == 10 && frame.allSatisfy { DisplayWidth.cells($0) == 100 })
        #expect(frame[0].contains("ending soonest · page 2/3 · 37 items"))
        // Korean titles are measured in cells: every price column ends at the same cell.
        let prices = ["125,000", "40,000", "10,000", "88,000"]
        let ends = zip(frame[2...5], prices).map { line, price in
            line.range(of: price).map { DisplayWidth.cells(String(line[..<$0.upperBound])) }
        }
        #expect(Set(ends).count == 1 && ends[0] != nil, "\(ends)")
        #expect(frame[2].contains("!0:42") && frame[3].hasPrefix("> Seiko"))
    }

    @Test func narrowListInColour() throws {
        var state = Self.listState(user: nil)
        state.connection = .unreachable("cannot reach the server: connection refused")
        let frame = AuctionListScreen.render(state, now: F.now, width: 50, height: 8, colour: true)
        try Golden.check(frame, "auctions-list-50x8-colour")
        #expect(frame.allSatisfy { DisplayWidth.cells($0) == 50 })
        #expect(frame[6].contains("✕ cannot reach the server"))
    }

    @Test func detailWhileLeading() throws {
        var state = Self.detailState(Self.items[0], standing: .init(leading: true, yourMax: 150_000))
        state.connection = .live
        state.apply(.bid(F.receipt(item: 7, price: 125_000, leading: true, max: 150_000)), visibleRows: 10)
        let frame = AuctionDetailScreen.render(state, now: F.now, width: 80, height: 22, colour: false)
        try Golden.check(frame, "auctions-detail-leading-80x22")
        #expect(frame.count == 22 && frame.allSatisfy { DisplayWidth.cells($0) == 80 })
    }

    @Test func detailOutbidWithTheReserveNotMet() throws {
        var state = Self.detailState(Self.items[1], standing: .init(leading: false, yourMax: nil))
        state.connection = .live
        state.apply(
            .actionFailed(.bid(item: 3, maximum: 40_500), .bidTooLow("the minimum bid is 41000")), visibleRows: 10)
        let frame = AuctionDetailScreen.render(state, now: F.now, width: 80, height: 22, colour: false)
        try Golden.check(frame, "auctions-detail-outbid-80x22")
        #expect(frame[20].contains("⚠ bid_too_low: the minimum bid is 41000"))
    }

    @Test(arguments: [("sold", 5), ("unsold", 0), ("unsold", 4)])
    func endedItems(state ended: String, bids: Int) throws {
        let item = F.item(
            id: 11, title: "Brass ship's compass", price: 52_000, bids: bids, endsIn: -30, state: ended,
            reserve: ended == "unsold" && bids > 0 ? "not_met" : "none", leader: bids > 0 ? "bidder 2" : nil,
            photos: 3, watchers: 4, extended: 60)
        var state = Self.detailState(item, standing: bids > 0 ? .init(leading: true, yourMax: nil) : nil)
        state.connection = .live
        let frame = AuctionDetailScreen.render(state, now: F.now, width: 60, height: 18, colour: false)
        try Golden.check(frame, "auctions-detail-\(ended)-\(bids)-60x18")
        // Nothing more can be bid.
        #expect(state.handle(.character("b"), visibleRows: 10).isEmpty)
        #expect(state.notice == .problem("bidding is closed: the item is \(ended)"))
    }

    @Test func bidInputWithAnAmountUnderTheMinimum() throws {
        var state = Self.detailState(Self.items[0], standing: .init(leading: false, yourMax: nil))
        state.connection = .live
        for key in KeyDecoder().decodeAll("b12,000\r") { _ = state.handle(key, visibleRows: 10) }
        let frame = AuctionDetailScreen.render(state, now: F.now, width: 80, height: 22, colour: false)
        try Golden.check(frame, "auctions-detail-bid-invalid-80x22")
        #expect(frame[19].contains("12000▏ = 12,000 KRW  ⚠ too low: the minimum bid is 130,000"))
        let coloured = AuctionDetailScreen.render(state, now: F.now, width: 80, height: 22, colour: true)
        try Golden.check(coloured, "auctions-detail-bid-invalid-80x22-colour")
    }

    @Test func narrowDetailReadOnly() throws {
        var state = Self.detailState(Self.items[2], user: nil)
        state.connection = .live
        _ = state.handle(.character("b"), visibleRows: 10)
        let frame = AuctionDetailScreen.render(state, now: F.now, width: 40, height: 16, colour: false)
        try Golden.check(frame, "auctions-detail-read-only-40x16")
        #expect(frame.allSatisfy { DisplayWidth.cells($0) == 40 })
    }

    @Test func everySizeGivesAFullFrame() {
        let states = [Self.listState(), Self.detailState(Self.items[0]), Self.detailState(Self.items[2], user: nil)]
        for state in states {
            for height in 1...40 {
                for width in [1, 29, 30, 45, 60, 80, 88, 100, 140] {
                    let list = AuctionListScreen.render(state, now: F.now, width: width, height: height, colour: true)
                    let detail = AuctionDetailScreen.render(
                        state, now: F.now, width: width, height: height, colour: true)
                    #expect(list.count == max(height, 6), "\(width)x\(height)")
                    #expect(detail.count == max(height, 12), "\(width)x\(height)")
                    for line in list + detail {
                        #expect(DisplayWidth.cells(line) == max(width, 30), "\(width)x\(height): \(line)")
                    }
                }
            }
        }
    }

    @Test func countdownsTurnUrgent() {
        #expect(AuctionText.countdown(.seconds(42)) == "0:42")
        #expect(AuctionText.countdown(.seconds(245)) == "4:05")
        #expect(AuctionText.countdown(.seconds(3_725)) == "1h 02m")
        #expect(AuctionText.countdown(.seconds(90_000)) == "1d 01h")
        #expect(AuctionText.urgency(.seconds(59)) == .urgent)
        #expect(AuctionText.urgency(.seconds(60)) == .soon)
        #expect(AuctionText.urgency(.seconds(299)) == .soon)
        #expect(AuctionText.urgency(.seconds(300)) == .calm)
        #expect(AuctionText.won(1_250_000) == "1,250,000" && AuctionText.won(0) == "0")
        #expect(AuctionText.timeOfDay(F.now) == "22:47:00")
    }
}
