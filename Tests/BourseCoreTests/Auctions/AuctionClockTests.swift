import Testing

@testable import BourseCore

@Suite("Auctions: states, soft close and cancellation")
struct AuctionClockTests {
    @Test func aBidInTheLastTwoMinutesMovesTheEffectiveEndToTwoMinutesAfterIt() {
        var fx = AuctionFixture()
        let item = fx.list()
        #expect(fx.bid(alice, 20_000, on: item, at: 3_479).count == 1, "just before the window")
        let late = fx.bid(bob, 30_000, on: item, at: 3_500)
        #expect(late.accepted?.effectiveEndsAt == at(3_620))
        let extended = AuctionExtended(item: item, sequence: 4, previousEndsAt: at(3_600), effectiveEndsAt: at(3_620))
        #expect(late.last == .extended(extended))
        #expect(fx.item(item).effectiveEndsAt == at(3_620))
        // The effective end is what every rule uses: a bid at the scheduled end is still in time.
        #expect(fx.bid(alice, 40_000, on: item, at: 3_600).accepted != nil)
        #expect(fx.item(item).effectiveEndsAt == at(3_720))
    }

    @Test func extensionsNeverPassTheHardEnd() {
        var fx = AuctionFixture()
        let item = fx.list(hardEndAt: 3_650)
        #expect(fx.bid(alice, 20_000, on: item, at: 3_500).last?.sequence == 3)
        #expect(fx.item(item).effectiveEndsAt == at(3_620))
        let capped = fx.bid(bob, 30_000, on: item, at: 3_610)
        let extended = AuctionExtended(item: item, sequence: 5, previousEndsAt: at(3_620), effectiveEndsAt: at(3_650))
        #expect(capped.last == .extended(extended))
        let atCap = fx.bid(alice, 40_000, on: item, at: 3_640)
        #expect(atCap.count == 2, "accepted and outbid, no extension: \(atCap)")
        #expect(fx.bid(bob, 60_000, on: item, at: 3_650).rejection == .auctionNotLive)
        #expect(fx.run(.advanceAuction(item), at: 3_649).isEmpty, "not due yet")
        #expect(fx.run(.advanceAuction(item), at: 3_650).ended?.winner == alice)
    }

    @Test func aScheduledItemOpensWhenTheWriterAdvancesItOrABidFindsItDue() {
        var fx = AuctionFixture()
        let advanced = fx.list(startsAt: 100)
        let bidOn = fx.list(startsAt: 100)
        #expect(fx.item(advanced).state == .scheduled)
        #expect(fx.bid(alice, 20_000, on: advanced, at: 99).rejection == .auctionNotLive)
        #expect(fx.exchange.auctions.due(at: at(100)) == [advanced, bidOn])
        #expect(fx.run(.advanceAuction(advanced), at: 100) == [.started(advanced, sequence: 2)])
        let events = fx.bid(alice, 20_000, on: bidOn, at: 150)
        #expect(events.first == .started(bidOn, sequence: 2) && events.accepted?.sequence == 3)
        #expect(fx.exchange.auctions.nextDeadline == at(3_600))
    }

    @Test func aListingWhoseStartHasPassedIsLiveAtOnce() {
        var fx = AuctionFixture()
        let item = fx.list()
        #expect(fx.item(item).state == .live && fx.item(item).sequence == 1)
    }

    @Test func theSellerCancelsOnlyBeforeTheFirstBid() {
        var fx = AuctionFixture()
        let quiet = fx.list()
        let scheduled = fx.list(startsAt: 600)
        let busy = fx.list()
        fx.bid(alice, 20_000, on: busy)
        #expect(fx.run(.cancelItem(quiet, account: alice)).rejection == .notFound, "only the seller")
        #expect(fx.run(.cancelItem(quiet, account: seller)) == [.cancelled(quiet, sequence: 2)])
        #expect(fx.run(.cancelItem(scheduled, account: seller)) == [.cancelled(scheduled, sequence: 2)])
        #expect(fx.run(.cancelItem(busy, account: seller)).rejection == .hasBids)
        #expect(fx.run(.cancelItem(quiet, account: seller)).rejection == .auctionNotLive)
        #expect(fx.bid(bob, 20_000, on: quiet).rejection == .auctionNotLive)
        #expect(fx.item(quiet).state == .cancelled && fx.item(quiet).deadline == nil)
        #expect(fx.exchange.auctions.due(at: at(999_999)) == [busy])
    }

    @Test func listingsWithImpossibleTermsAreRefused() {
        var fx = AuctionFixture()
        let good = ItemTerms(seller: seller, startPrice: won(10_000), startsAt: at(0), endsAt: at(3_600))
        var cases: [ItemTerms] = []
        func variant(_ change: (inout ItemTerms) -> Void) {
            var terms = good
            change(&terms)
            cases.append(terms)
        }
        variant { $0.startPrice = .zero }
        variant { $0.startPrice = Funds(units: 10_000 * fixedPointScale + 5) }
        variant { $0.reservePrice = won(9_000) }
        variant { $0.buyNowPrice = won(10_000) }
        variant {
            $0.reservePrice = won(50_000)
            $0.buyNowPrice = won(40_000)
        }
        variant { $0.endsAt = $0.startsAt }
        variant { $0.endsAt = at(-1) }
        variant { $0.hardEndAt = at(3_599) }
        variant { $0.softCloseSeconds = -1 }
        variant { $0.extensionSeconds = 86_401 }
        variant { $0.feeRate = FeeRate(units: fixedPointScale) }
        variant { $0.increments = IncrementTable(bands: [.init(below: won(10), step: .zero)], topStep: won(1)) }
        variant {
            $0.increments = IncrementTable(
                bands: [.init(below: won(100), step: won(1)), .init(below: won(100), step: won(2))], topStep: won(3))
        }
        for (index, terms) in cases.enumerated() {
            let events = fx.run(.listItem(ItemID(UInt64(index + 1)), terms), at: 0)
            #expect(events.rejection == .invalidParameter, "case \(index)")
        }
        #expect(fx.run(.listItem(ItemID(0), good), at: 0).rejection == .invalidParameter, "id zero")
        #expect(fx.run(.listItem(ItemID(1), good), at: 0).rejection == nil)
        #expect(fx.run(.listItem(ItemID(1), good), at: 0).rejection == .invalidParameter, "an id is used once")
        #expect(fx.exchange.auctions.items.count == 1)
    }
}
