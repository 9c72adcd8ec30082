import Testing

@testable import BourseCore

@Suite("Auctions: reserve and buy now")
struct ReserveAndBuyNowTests {
    @Test func thePriceJumpsToTheReserveWhenTheLeadersMaximumReachesIt() {
        var fx = AuctionFixture()
        let item = fx.list(reserve: 50_000)
        let first = fx.bid(alice, 30_000, on: item)
        #expect(first.accepted?.price == won(10_000) && first.accepted?.reserve == .notMet)
        let second = fx.bid(bob, 60_000, on: item)
        #expect(second.accepted?.price == won(50_000) && second.accepted?.reserve == .met)
        let outbid = Outbid(item: item, sequence: 3, account: alice, price: won(50_000), maximum: won(30_000))
        #expect(second.dropFirst().elementsEqual([.outbid(outbid), .reserveMet(item, sequence: 4)]))
        #expect(fx.item(item).sequence == 4)
    }

    @Test func aFirstBidAtOrAboveTheReserveStartsAtTheReserve() {
        var fx = AuctionFixture()
        let item = fx.list(reserve: 50_000)
        let events = fx.bid(alice, 50_000, on: item)
        #expect(events.accepted?.price == won(50_000))
        #expect(events.dropFirst().elementsEqual([.reserveMet(item, sequence: 3)]))
    }

    @Test func aLeaderRaisingItsOwnMaximumToTheReserveMovesThePriceToTheReserve() {
        var fx = AuctionFixture()
        let item = fx.list(reserve: 50_000)
        fx.bid(alice, 30_000, on: item)
        fx.bid(bob, 20_000, on: item)  // Alice leads at 21,000.
        let raise = fx.bid(alice, 55_000, on: item)
        #expect(raise.accepted?.price == won(50_000) && raise.accepted?.reserve == .met)
        #expect(raise.dropFirst().elementsEqual([.reserveMet(item, sequence: 5)]))
    }

    @Test func theReserveIsNoneForAnItemWithout() {
        var fx = AuctionFixture()
        let item = fx.list()
        #expect(fx.item(item).reserve == .none)
        #expect(fx.bid(alice, 30_000, on: item).accepted?.reserve == ReserveState.none)
    }

    @Test func buyNowDisappearsAtTheFirstBidWithoutAReserve() {
        var fx = AuctionFixture()
        let item = fx.list(buyNow: 40_000)
        #expect(fx.item(item).buyNowPrice == won(40_000))
        #expect(fx.bid(alice, 12_000, on: item).accepted?.buyNowPrice == nil)
        #expect(fx.run(.buyNow(item, account: bob)).rejection == .buyNowUnavailable)
    }

    @Test func withAReserveBuyNowStaysUntilTheReserveIsMet() {
        var fx = AuctionFixture()
        let item = fx.list(reserve: 30_000, buyNow: 50_000)
        #expect(fx.bid(alice, 20_000, on: item).accepted?.buyNowPrice == won(50_000))
        #expect(fx.bid(bob, 35_000, on: item).accepted?.buyNowPrice == nil)
        #expect(fx.run(.buyNow(item, account: carol)).rejection == .buyNowUnavailable)
    }

    @Test func buyingNowEndsTheSaleAtOnceAndReleasesTheLeadersLock() {
        var fx = AuctionFixture()
        let item = fx.list(reserve: 30_000, buyNow: 50_000)
        fx.bid(alice, 20_000, on: item)
        let events = fx.run(.buyNow(item, account: bob), at: 90)
        let ended = AuctionEnded(
            item: item, sequence: 3, state: .sold, price: won(50_000), leader: bob, seller: seller, fee: won(2_500),
            proceeds: won(47_500), released: .zero, boughtNow: true)
        let outbid = Outbid(item: item, sequence: 3, account: alice, price: won(50_000), maximum: won(20_000))
        #expect(events == [.ended(ended), .outbid(outbid)])
        #expect(fx.krw(alice) == (1_000_000, 0))
        #expect(fx.krw(bob) == (950_000, 0))
        #expect(fx.krw(seller) == (47_500, 0))
        #expect(fx.exchange.ledger.feesCollected("KRW") == won(2_500))
        #expect(fx.item(item).state == .sold && fx.item(item).boughtNow)
        #expect(fx.bid(carol, 60_000, on: item).rejection == .auctionNotLive)
    }

    @Test func aLeaderBuyingNowPaysFromItsBidsLock() {
        var fx = AuctionFixture()
        let item = fx.list(reserve: 30_000, buyNow: 50_000)
        fx.bid(alice, 20_000, on: item)
        let ended = fx.run(.buyNow(item, account: alice)).ended
        #expect(ended?.winner == alice && ended?.released == won(20_000))
        #expect(fx.krw(alice) == (950_000, 0))
    }

    @Test func buyNowIsRefusedToTheSellerAndToAnyoneWhoCannotPay() {
        var fx = AuctionFixture(funding: 45_000)
        let item = fx.list(reserve: 30_000, buyNow: 50_000)
        fx.bid(alice, 20_000, on: item)
        let before = fx.exchange
        #expect(fx.run(.buyNow(item, account: seller)).rejection == .ownItem)
        #expect(fx.run(.buyNow(item, account: bob)).rejection == .insufficientFunds)
        #expect(fx.run(.buyNow(item, account: alice)).rejection == .insufficientFunds, "its lock is kept")
        #expect(fx.run(.buyNow(item, account: dave)).rejection == .insufficientFunds)
        #expect(fx.run(.buyNow(ItemID(999), account: bob)).rejection == .notFound)
        #expect(fx.exchange == before)
        let plain = fx.list()
        #expect(fx.run(.buyNow(plain, account: bob)).rejection == .buyNowUnavailable)
    }
}
