import BourseCore
import Testing

@Suite("Limit orders")
struct LimitOrderTests {
    @Test func restingAskFillsAtMakerPriceAndBidRestsItsRemainder() {
        var fx = Fixture.funded()
        let ask = fx.limit(alice, .ask, "50000000", "0.5")
        #expect(
            ask.events == [accepted(ask.request, locked: "0.5"), rested(ask.request, remaining: "0.5", locked: "0.5")])

        let bid = fx.limit(bob, .bid, "51000000", "0.8")
        // Lock: 51,000,000 × 0.8 = 40,800,000 plus a 0.05 % fee reserve of 20,400.
        // After the fill at 50,000,000 the rest keeps ⌈51,000,000 × 0.3⌉ + the fee it can still owe:
        // 15,300,000 + ⌈(12,500 + 7,650)⌉ − 12,500 = 15,307,650.
        #expect(
            bid.events == [
                accepted(bid.request, locked: "40820400", fee: "20400"),
                traded(
                    1, maker: ask.request, taker: bid.request, price: "50000000", volume: "0.5", funds: "25000000",
                    makerFee: "12500", takerFee: "12500"),
                done(ask.request),
                rested(bid.request, remaining: "0.3", locked: "15307650"),
            ])
        #expect(fx.balance(alice, "KRW") == ("24987500", "0"))
        #expect(fx.balance(alice, "BTC") == ("0.5", "0"))
        #expect(fx.balance(bob, "KRW") == ("59679850", "15307650"))
        #expect(fx.balance(bob, "BTC") == ("0.5", "0"))
        #expect(fx.exchange.ledger.feesCollected("KRW") == f("25000"))
        #expect(fx.exchange.ledger.balance(of: bob, "BTC").averageBuyPrice == p("50000000"))
    }

    @Test func restingBidFillsIncomingAskAndAskRestsItsRemainder() {
        var fx = Fixture.funded()
        let bid = fx.limit(bob, .bid, "50000000", "0.2")
        #expect(
            bid.events == [
                accepted(bid.request, locked: "10005000", fee: "5000"),
                rested(bid.request, remaining: "0.2", locked: "10005000"),
            ])

        let ask = fx.limit(alice, .ask, "49000000", "0.3")
        #expect(
            ask.events == [
                accepted(ask.request, locked: "0.3"),
                traded(
                    1, maker: bid.request, taker: ask.request, price: "50000000", volume: "0.2", funds: "10000000",
                    makerFee: "5000", takerFee: "5000"),
                done(bid.request),
                rested(ask.request, remaining: "0.1", locked: "0.1"),
            ])
        #expect(fx.balance(alice, "KRW") == ("9995000", "0"))
        #expect(fx.balance(alice, "BTC") == ("0.7", "0.1"))
        #expect(fx.balance(bob, "KRW") == ("89995000", "0"))
    }

    @Test func ordersAtOnePriceFillOldestFirst() {
        var fx = Fixture.funded()
        let first = fx.limit(alice, .ask, "50000000", "0.1")
        let second = fx.limit(carol, .ask, "50000000", "0.1")
        let bid = fx.limit(bob, .bid, "50000000", "0.15")
        #expect(
            bid.events == [
                accepted(bid.request, locked: "7503750", fee: "3750"),
                traded(
                    1, maker: first.request, taker: bid.request, price: "50000000", volume: "0.1", funds: "5000000",
                    makerFee: "2500", takerFee: "2500"),
                done(first.request),
                traded(
                    2, maker: second.request, taker: bid.request, price: "50000000", volume: "0.05",
                    funds: "2500000", makerFee: "1250", takerFee: "1250"),
                done(bid.request),
            ])
        #expect(fx.exchange.engine(krwBTC)!.orders(.ask).map(\.remaining) == [v("0.05")])
    }

    @Test(arguments: [Side.bid, .ask])
    func immediateOrCancelFillsWhatItCanAndCancelsTheRest(side: Side) {
        var fx = Fixture.funded()
        let maker = fx.limit(side == .bid ? alice : bob, side.opposite, "50000000", "0.1")
        let taker = fx.limit(side == .bid ? bob : alice, side, "50000000", "0.3", tif: .ioc)
        let lock = side == .bid ? "15007500" : "0.3"
        let released = side == .bid ? "10005000" : "0.2"
        #expect(
            taker.events == [
                accepted(taker.request, locked: lock, fee: side == .bid ? "7500" : "0"),
                traded(
                    1, maker: maker.request, taker: taker.request, price: "50000000", volume: "0.1", funds: "5000000",
                    makerFee: "2500", takerFee: "2500"),
                done(maker.request),
                cancelled(taker.request, .immediateOrCancel, remaining: "0.2", released: released),
            ])
        #expect(fx.exchange.openOrderCount == 0)
    }

    @Test(arguments: [Side.bid, .ask])
    func fillOrKillThatCannotFillCompletelyTradesNothing(side: Side) {
        var fx = Fixture.funded()
        let maker = fx.limit(side == .bid ? alice : bob, side.opposite, "50000000", "0.1")
        let taker = fx.limit(side == .bid ? bob : alice, side, "50000000", "0.3", tif: .fok)
        let lock = side == .bid ? "15007500" : "0.3"
        #expect(
            taker.events == [
                accepted(taker.request, locked: lock, fee: side == .bid ? "7500" : "0"),
                cancelled(taker.request, .fillOrKill, remaining: "0.3", released: lock),
            ])
        #expect(fx.exchange.openOrder(maker.request.id)?.remaining == v("0.1"))
    }

    @Test(arguments: [Side.bid, .ask])
    func fillOrKillThatCanFillIsDone(side: Side) {
        var fx = Fixture.funded()
        let maker = fx.limit(side == .bid ? alice : bob, side.opposite, "50000000", "0.1")
        let taker = fx.limit(side == .bid ? bob : alice, side, "50000000", "0.1", tif: .fok)
        #expect(
            taker.events == [
                accepted(taker.request, locked: side == .bid ? "5002500" : "0.1", fee: side == .bid ? "2500" : "0"),
                traded(
                    1, maker: maker.request, taker: taker.request, price: "50000000", volume: "0.1", funds: "5000000",
                    makerFee: "2500", takerFee: "2500"),
                done(maker.request),
                done(taker.request),
            ])
    }

    @Test(arguments: [Side.bid, .ask])
    func postOnlyThatWouldTakeIsCancelled(side: Side) {
        var fx = Fixture.funded()
        _ = fx.limit(side == .bid ? alice : bob, side.opposite, "50000000", "0.1")
        let taker = fx.limit(side == .bid ? bob : alice, side, "50000000", "0.1", tif: .postOnly)
        let lock = side == .bid ? "5002500" : "0.1"
        #expect(
            taker.events == [
                accepted(taker.request, locked: lock, fee: side == .bid ? "2500" : "0"),
                cancelled(taker.request, .postOnly, remaining: "0.1", released: lock),
            ])
    }

    @Test func postOnlyThatDoesNotCrossRests() {
        var fx = Fixture.funded()
        _ = fx.limit(alice, .ask, "50000000", "0.1")
        let bid = fx.limit(bob, .bid, "49999000", "0.1", tif: .postOnly)
        // 49,999,000 × 0.1 = 4,999,900; fee reserve 2,499.95.
        #expect(
            bid.events == [
                accepted(bid.request, locked: "5002399.95", fee: "2499.95"),
                rested(bid.request, remaining: "0.1", locked: "5002399.95"),
            ])
    }

    @Test func bidFilledBelowItsLimitGetsTheDifferenceBackWhenDone() {
        var fx = Fixture.funded()
        let ask = fx.limit(alice, .ask, "50000000", "0.1")
        let bid = fx.limit(bob, .bid, "60000000", "0.1")
        // Locked 6,000,000 + 3,000; spent 5,000,000 + 2,500.
        #expect(bid.events.last == done(bid.request, released: "1000500"))
        #expect(fx.balance(bob, "KRW") == ("94997500", "0"))
        _ = ask
    }
}
