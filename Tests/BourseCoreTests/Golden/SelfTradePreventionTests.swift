import BourseCore
import Testing

@Suite("Self-trade prevention")
struct SelfTradePreventionTests {
    @Test func withoutAModeTheRestingOrderIsCancelledAndTheIncomingOneRests() {
        var fx = Fixture.funded()
        let own = fx.limit(carol, .ask, "50000000", "0.1")
        let bid = fx.limit(carol, .bid, "50000000", "0.1")
        #expect(
            bid.events == [
                accepted(bid.request, locked: "5002500", fee: "2500"),
                prevented(maker: own.request, taker: bid.request, .cancelMaker, price: "50000000", volume: "0.1"),
                cancelled(own.request, .selfTradePrevention, remaining: "0.1", released: "0.1"),
                rested(bid.request, remaining: "0.1", locked: "5002500"),
            ])
    }

    @Test func cancelMakerSkipsOwnOrderAndTradesWithTheNext() {
        var fx = Fixture.funded()
        let own = fx.limit(carol, .ask, "50000000", "0.1")
        let other = fx.limit(alice, .ask, "50000000", "0.1")
        let bid = fx.limit(carol, .bid, "50000000", "0.1", smp: .cancelMaker)
        #expect(
            bid.events == [
                accepted(bid.request, locked: "5002500", fee: "2500"),
                prevented(maker: own.request, taker: bid.request, .cancelMaker, price: "50000000", volume: "0.1"),
                cancelled(own.request, .selfTradePrevention, remaining: "0.1", released: "0.1"),
                traded(
                    1, maker: other.request, taker: bid.request, price: "50000000", volume: "0.1", funds: "5000000",
                    makerFee: "2500", takerFee: "2500"),
                done(other.request),
                done(bid.request),
            ])
    }

    @Test func cancelTakerCancelsTheIncomingOrderAndKeepsTheRestingOne() {
        var fx = Fixture.funded()
        let own = fx.limit(carol, .ask, "50000000", "0.1")
        let bid = fx.limit(carol, .bid, "50000000", "0.1", smp: .cancelTaker)
        #expect(
            bid.events == [
                accepted(bid.request, locked: "5002500", fee: "2500"),
                prevented(maker: own.request, taker: bid.request, .cancelTaker, price: "50000000", volume: "0.1"),
                cancelled(bid.request, .selfTradePrevention, remaining: "0.1", released: "5002500"),
            ])
        #expect(fx.exchange.openOrder(own.request.id)?.remaining == v("0.1"))
    }

    @Test func reduceShrinksBothOrdersWithoutATrade() {
        var fx = Fixture.funded()
        let own = fx.limit(carol, .ask, "50000000", "0.3")
        let bid = fx.limit(carol, .bid, "50000000", "0.1", smp: .reduce)
        #expect(
            bid.events == [
                accepted(bid.request, locked: "5002500", fee: "2500"),
                prevented(maker: own.request, taker: bid.request, .reduce, price: "50000000", volume: "0.1"),
                cancelled(bid.request, .selfTradePrevention, remaining: "0", released: "5002500"),
            ])
        let resting = fx.exchange.openOrder(own.request.id)
        #expect(resting?.remaining == v("0.2"))
        #expect(resting?.locked == f("0.2"))
        #expect(resting?.preventedVolume == v("0.1"))
        #expect(fx.balance(carol, "BTC") == ("0.8", "0.2"))
    }

    @Test func reduceThatEmptiesTheRestingOrderCancelsIt() {
        var fx = Fixture.funded()
        let own = fx.limit(carol, .ask, "50000000", "0.1")
        let bid = fx.limit(carol, .bid, "50000000", "0.3", smp: .reduce)
        // The bid's rest keeps ⌈50,000,000 × 0.2⌉ + fee = 10,005,000 and returns the other 5,002,500.
        #expect(
            bid.events == [
                accepted(bid.request, locked: "15007500", fee: "7500"),
                prevented(maker: own.request, taker: bid.request, .reduce, price: "50000000", volume: "0.1"),
                cancelled(own.request, .selfTradePrevention, remaining: "0", released: "0.1"),
                rested(bid.request, remaining: "0.2", locked: "10005000"),
            ])
    }

    @Test func postOnlyCannotBeCombinedWithAMode() {
        var fx = Fixture.funded()
        let bid = fx.limit(carol, .bid, "50000000", "0.1", tif: .postOnly, smp: .reduce)
        #expect(bid.events == [rejected(bid.request, .invalidPostOnly)])
    }
}
