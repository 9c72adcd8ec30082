import Testing

@testable import BourseCore

@Suite("Auctions: settlement in the shared ledger")
struct SettlementTests {
    @Test func theWinnerPaysThePriceFromItsLockAndTheSellerGetsThePriceLessTheFee() {
        var fx = AuctionFixture()
        let item = fx.list()
        fx.bid(alice, 50_000, on: item)
        fx.bid(bob, 20_000, on: item)  // Alice leads at 21,000.
        #expect(fx.run(.advanceAuction(item), at: 3_599).isEmpty)
        let events = fx.run(.advanceAuction(item), at: 3_600)
        let ended = AuctionEnded(
            item: item, sequence: 4, state: .sold, price: won(21_000), leader: alice, seller: seller, fee: won(1_050),
            proceeds: won(19_950), released: won(29_000), boughtNow: false)
        #expect(events == [.ended(ended)])
        #expect(fx.krw(alice) == (979_000, 0))
        #expect(fx.krw(bob) == (1_000_000, 0))
        #expect(fx.krw(seller) == (19_950, 0))
        #expect(fx.exchange.ledger.feesCollected("KRW") == won(1_050))
        #expect(fx.exchange.ledger.totalSupply("KRW") == won(3_000_000), "settling moves money, never makes it")
        #expect(fx.item(item).state == .sold && fx.item(item).deadline == nil)
        #expect(fx.run(.advanceAuction(item), at: 9_999).isEmpty, "ended once")
    }

    @Test func theFeeRoundsUpToAWholeWon() {
        var fx = AuctionFixture()
        let item = fx.list(start: 10_010)
        fx.bid(alice, 10_010, on: item)
        let ended = fx.run(.advanceAuction(item), at: 3_600).ended
        #expect(ended?.fee == won(501) && ended?.proceeds == won(9_509))
    }

    @Test func theFeeIsTheListingsOwnRate() {
        var fx = AuctionFixture()
        let terms = ItemTerms(
            seller: seller, startPrice: won(10_000), startsAt: at(0), endsAt: at(3_600), feeRate: .zero)
        fx.run(.listItem(ItemID(7), terms), at: 0)
        fx.bid(alice, 10_000, on: ItemID(7))
        #expect(fx.run(.advanceAuction(ItemID(7)), at: 3_600).ended?.proceeds == won(10_000))
    }

    @Test func belowTheReserveTheItemIsUnsoldAndTheLeaderGetsEverythingBack() {
        var fx = AuctionFixture()
        let item = fx.list(reserve: 50_000)
        fx.bid(alice, 30_000, on: item)
        let ended = AuctionEnded(
            item: item, sequence: 3, state: .unsold, price: won(10_000), leader: alice, seller: seller, fee: .zero,
            proceeds: .zero, released: won(30_000), boughtNow: false)
        #expect(fx.run(.advanceAuction(item), at: 3_600) == [.ended(ended)])
        #expect(ended.winner == nil)
        #expect(fx.krw(alice) == (1_000_000, 0))
        #expect(fx.krw(seller) == (0, 0))
    }

    @Test func anItemWithoutBidsEndsUnsold() {
        var fx = AuctionFixture()
        let item = fx.list()
        let ended = fx.run(.advanceAuction(item), at: 4_000).ended
        #expect(ended?.state == .unsold && ended?.leader == nil && ended?.released == .zero)
    }

    @Test func anItemListedAndDueWhileTheWriterWasAwayOpensAndEndsInOneAdvance() {
        var fx = AuctionFixture()
        let item = fx.list(startsAt: 100)
        let events = fx.run(.advanceAuction(item), at: 5_000)
        #expect(events.first == .started(item, sequence: 2) && events.ended?.sequence == 3)
    }

    @Test func theEventsNameEveryBalanceTheyMoved() {
        var fx = AuctionFixture()
        let item = fx.list()
        fx.bid(alice, 50_000, on: item)
        var keys = Set<BalanceKey>()
        for event in fx.exchange.handle(.bid(item, account: bob, maximum: won(60_000)), at: at(60)) {
            event.touchedBalances(into: &keys)
        }
        #expect(keys == [BalanceKey(account: alice, currency: "KRW"), BalanceKey(account: bob, currency: "KRW")])
        keys.removeAll()
        for event in fx.exchange.handle(.advanceAuction(item), at: at(3_600)) { event.touchedBalances(into: &keys) }
        #expect(keys == [BalanceKey(account: bob, currency: "KRW"), BalanceKey(account: seller, currency: "KRW")])
    }
}
