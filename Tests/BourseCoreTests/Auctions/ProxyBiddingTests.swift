import Testing

@testable import BourseCore

@Suite("Auctions: proxy bidding")
struct ProxyBiddingTests {
    @Test(
        arguments: [
            (9_999, 100), (10_000, 1_000), (99_999, 1_000), (100_000, 5_000), (999_999, 5_000), (1_000_000, 10_000),
            (9_999_999, 10_000), (10_000_000, 50_000), (900_000_000, 50_000),
        ] as [(Int64, Int64)])
    func theStandardTableStepsByPriceBand(price: Int64, step: Int64) {
        #expect(IncrementTable.standard.step(at: won(price)) == won(step))
    }

    @Test func aSingleBidderLeadsAtTheStartPriceWithItsMaximumLocked() {
        var fx = AuctionFixture()
        let item = fx.list()
        let events = fx.bid(alice, 50_000, on: item)
        let bid = BidAccepted(
            item: item, sequence: 2, bidder: alice, maximum: won(50_000), leading: true, price: won(10_000),
            previousPrice: won(10_000), leader: alice, bidCount: 1, reserve: .none, buyNowPrice: nil,
            effectiveEndsAt: at(3_600), time: at(60))
        #expect(events == [.bidAccepted(bid)])
        #expect(fx.krw(alice) == (950_000, 50_000))
    }

    @Test func theVisiblePriceIsTheSecondMaximumPlusOneStepCappedAtTheLeadersMaximum() {
        var fx = AuctionFixture()
        let item = fx.list()
        fx.bid(alice, 50_000, on: item)
        // Bob's 20,000 loses at once: Alice leads at 20,000 + 1,000, and Bob's maximum is not kept locked.
        let second = fx.bid(bob, 20_000, on: item)
        #expect(second.accepted?.leading == false && second.accepted?.price == won(21_000))
        #expect(second.accepted?.leader == alice && second.count == 1)
        #expect(fx.krw(bob) == (1_000_000, 0))
        // Carol takes the lead; Alice's 50,000 plus one step is below Carol's maximum.
        let third = fx.bid(carol, 60_000, on: item)
        let outbid = Outbid(item: item, sequence: 4, account: alice, price: won(51_000), maximum: won(50_000))
        #expect(third.accepted?.leading == true && third.accepted?.price == won(51_000))
        #expect(third.accepted?.previousPrice == won(21_000) && third.accepted?.bidCount == 3)
        #expect(third.dropFirst().elementsEqual([.outbid(outbid)]))
        #expect(fx.krw(alice) == (1_000_000, 0))
        #expect(fx.krw(carol) == (940_000, 60_000))
        // A maximum less than one step above the leader's: the price is capped at the new leader's maximum.
        let fourth = fx.bid(alice, 60_500, on: item)
        #expect(fourth.accepted?.leading == true && fourth.accepted?.price == won(60_500))
    }

    @Test func equalMaximaLeaveTheEarlierBidderLeadingAtThatAmount() {
        var fx = AuctionFixture()
        let item = fx.list()
        fx.bid(alice, 30_000, on: item)
        let tie = fx.bid(bob, 30_000, on: item)
        #expect(tie.accepted?.leading == false && tie.accepted?.leader == alice)
        #expect(fx.item(item).price == won(30_000))
        // The next bid must clear 30,000 + 1,000.
        #expect(fx.bid(bob, 30_999, on: item).rejection == .bidTooLow)
        let over = fx.bid(bob, 31_000, on: item)
        #expect(over.accepted?.leading == true && over.accepted?.price == won(31_000))
    }

    @Test func raisingOwnMaximumWhileLeadingKeepsThePriceAndLocksTheDifference() {
        var fx = AuctionFixture()
        let item = fx.list()
        fx.bid(alice, 30_000, on: item)
        fx.bid(bob, 15_000, on: item)
        let raise = fx.bid(alice, 40_000, on: item)
        #expect(raise.accepted?.leading == true && raise.accepted?.price == won(16_000))
        #expect(raise.accepted?.bidCount == 3 && raise.count == 1)
        #expect(fx.krw(alice) == (960_000, 40_000))
        #expect(fx.bid(alice, 40_000, on: item).rejection == .bidTooLow, "not above its own maximum")
    }

    @Test func theFirstBidMustReachTheStartPriceAndLaterOnesThePricePlusOneStep() {
        var fx = AuctionFixture()
        let item = fx.list(start: 9_950)
        #expect(fx.bid(alice, 9_900, on: item).rejection == .bidTooLow)
        fx.bid(alice, 9_950, on: item)
        // 9,950 is in the 100 band: the next bid must be at least 10,050.
        #expect(fx.bid(bob, 10_049, on: item).rejection == .bidTooLow)
        #expect(fx.bid(bob, 10_050, on: item).accepted?.price == won(10_050))
    }

    @Test func anItemsOwnTableReplacesTheStandardSteps() {
        var fx = AuctionFixture()
        let table = IncrementTable(bands: [IncrementTable.Band(below: won(1_000_000), step: won(7))], topStep: won(9))
        let item = fx.list(increments: table)
        fx.bid(alice, 20_000, on: item)
        #expect(fx.bid(bob, 10_006, on: item).rejection == .bidTooLow)
        #expect(fx.bid(bob, 10_007, on: item).accepted?.price == won(10_014))
    }

    @Test func refusedBidsChangeNothing() {
        var fx = AuctionFixture()
        let item = fx.list()
        fx.bid(alice, 30_000, on: item)
        let before = fx.exchange
        #expect(fx.bid(seller, 50_000, on: item).rejection == .ownItem)
        #expect(fx.bid(bob, 0, on: item).rejection == .invalidParameter)
        #expect(
            fx.run(.bid(item, account: bob, maximum: Funds(units: 20_000 * fixedPointScale + 1))).rejection
                == .invalidParameter)
        #expect(fx.bid(bob, 50_000, on: ItemID(999)).rejection == .notFound)
        #expect(fx.bid(bob, 10_500, on: item).rejection == .bidTooLow)
        #expect(fx.bid(bob, 2_000_000, on: item).rejection == .insufficientFunds)
        #expect(fx.bid(dave, 50_000, on: item).rejection == .insufficientFunds, "no account at all")
        #expect(fx.exchange == before)
    }

    @Test func aLeadersRaiseNeedsOnlyTheDifferenceAvailable() {
        var fx = AuctionFixture()
        let item = fx.list()
        fx.bid(alice, 600_000, on: item)
        #expect(fx.bid(alice, 1_000_001, on: item).rejection == .insufficientFunds)
        #expect(fx.bid(alice, 1_000_000, on: item).accepted?.leading == true)
        #expect(fx.krw(alice) == (0, 1_000_000))
    }

    @Test func aBidThatLosesAtOnceMustStillBeCoveredByFunds() {
        var fx = AuctionFixture()
        _ = fx.exchange.handle(.deposit(dave, currency: "KRW", amount: won(5_000)), at: t0)
        let item = fx.list()
        fx.bid(alice, 50_000, on: item)
        #expect(fx.bid(dave, 20_000, on: item).rejection == .insufficientFunds)
    }
}
