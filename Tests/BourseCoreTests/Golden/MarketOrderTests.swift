import BourseCore
import Testing

@Suite("Market and best orders")
struct MarketOrderTests {
    @Test func marketBuySpendsItsTotalAndEndsCancelledWhenDustRemains() {
        var fx = Fixture.funded()
        let cheap = fx.limit(alice, .ask, "50000000", "0.1")
        let dear = fx.limit(alice, .ask, "50001000", "0.2")
        let buy = fx.order(bob, .bid, .price, price: "10000000")
        // Second level: 5,000,000 buys ⌊5,000,000 / 50,001,000⌋ = 0.099998 BTC for 4,999,999.998 KRW.
        // Cumulative fee ⌈(5,000,000 + 4,999,999.998) × 0.0005⌉ = 4,999.999999, so this fill's fee is 2,499.999999.
        // Left: 0.002 of budget + 0.000001 of fee reserve = 0.002001, which buys nothing: Upbit's `cancel`.
        #expect(
            buy.events == [
                accepted(buy.request, locked: "10005000", fee: "5000"),
                traded(
                    1, maker: cheap.request, taker: buy.request, price: "50000000", volume: "0.1", funds: "5000000",
                    makerFee: "2500", takerFee: "2500"),
                done(cheap.request),
                traded(
                    2, maker: dear.request, taker: buy.request, price: "50001000", volume: "0.099998",
                    funds: "4999999.998", makerFee: "2499.999999", takerFee: "2499.999999"),
                cancelled(buy.request, .dust, remaining: "0", released: "0.002001"),
            ])
        #expect(fx.exchange.openOrder(dear.request.id)?.remaining == v("0.100002"))
        #expect(fx.balance(bob, "BTC") == ("0.199998", "0"))
    }

    @Test func marketBuyThatSpendsExactlyItsTotalIsDone() {
        var fx = Fixture.funded()
        let ask = fx.limit(alice, .ask, "50000000", "0.2")
        let buy = fx.order(bob, .bid, .price, price: "5000000")
        #expect(
            buy.events == [
                accepted(buy.request, locked: "5002500", fee: "2500"),
                traded(
                    1, maker: ask.request, taker: buy.request, price: "50000000", volume: "0.1", funds: "5000000",
                    makerFee: "2500", takerFee: "2500"),
                done(buy.request),
            ])
    }

    @Test func marketBuyWithNoAsksIsCancelledForLackOfLiquidity() {
        var fx = Fixture.funded()
        let buy = fx.order(bob, .bid, .price, price: "5000000")
        #expect(
            buy.events == [
                accepted(buy.request, locked: "5002500", fee: "2500"),
                cancelled(buy.request, .noLiquidity, remaining: "0", released: "5002500"),
            ])
    }

    @Test func marketSellWalksTheBidsAndCancelsWhatIsLeftWhenTheyRunOut() {
        var fx = Fixture.funded()
        let high = fx.limit(bob, .bid, "50000000", "0.1")
        let low = fx.limit(bob, .bid, "49999000", "0.1")
        let sell = fx.order(alice, .ask, .market, volume: "0.3")
        #expect(
            sell.events == [
                accepted(sell.request, locked: "0.3"),
                traded(
                    1, maker: high.request, taker: sell.request, price: "50000000", volume: "0.1", funds: "5000000",
                    makerFee: "2500", takerFee: "2500"),
                done(high.request),
                traded(
                    2, maker: low.request, taker: sell.request, price: "49999000", volume: "0.1", funds: "4999900",
                    makerFee: "2499.95", takerFee: "2499.95"),
                done(low.request),
                cancelled(sell.request, .noLiquidity, remaining: "0.1", released: "0.1"),
            ])
        #expect(fx.balance(alice, "KRW") == ("9994900.05", "0"))
        #expect(fx.balance(alice, "BTC") == ("0.8", "0"))
    }

    @Test func marketSellThatFillsCompletelyIsDone() {
        var fx = Fixture.funded()
        let bid = fx.limit(bob, .bid, "50000000", "0.5")
        let sell = fx.order(alice, .ask, .market, volume: "0.2")
        #expect(
            sell.events == [
                accepted(sell.request, locked: "0.2"),
                traded(
                    1, maker: bid.request, taker: sell.request, price: "50000000", volume: "0.2", funds: "10000000",
                    makerFee: "5000", takerFee: "5000"),
                done(sell.request),
            ])
    }

    @Test func bestBidImmediateOrCancelTradesOnlyAtTheBestAsk() {
        var fx = Fixture.funded()
        let best = fx.limit(alice, .ask, "50000000", "0.1")
        _ = fx.limit(alice, .ask, "50001000", "0.1")
        let buy = fx.order(bob, .bid, .best, price: "10000000", tif: .ioc)
        #expect(
            buy.events == [
                accepted(buy.request, locked: "10005000", fee: "5000"),
                traded(
                    1, maker: best.request, taker: buy.request, price: "50000000", volume: "0.1", funds: "5000000",
                    makerFee: "2500", takerFee: "2500"),
                done(best.request),
                cancelled(buy.request, .immediateOrCancel, remaining: "0", released: "5002500"),
            ])
    }

    @Test func bestBidFillOrKillNeedsItsWholeTotalAtTheBestAsk() {
        var fx = Fixture.funded()
        let best = fx.limit(alice, .ask, "50000000", "0.1")
        _ = fx.limit(alice, .ask, "50001000", "0.1")
        let killed = fx.order(bob, .bid, .best, price: "10000000", tif: .fok)
        #expect(
            killed.events == [
                accepted(killed.request, locked: "10005000", fee: "5000"),
                cancelled(killed.request, .fillOrKill, remaining: "0", released: "10005000"),
            ])
        let filled = fx.order(bob, .bid, .best, price: "5000000", tif: .fok)
        #expect(
            filled.events == [
                accepted(filled.request, locked: "5002500", fee: "2500"),
                traded(
                    1, maker: best.request, taker: filled.request, price: "50000000", volume: "0.1", funds: "5000000",
                    makerFee: "2500", takerFee: "2500"),
                done(best.request),
                done(filled.request),
            ])
    }

    @Test func bestAskImmediateOrCancelTradesOnlyAtTheBestBid() {
        var fx = Fixture.funded()
        let best = fx.limit(bob, .bid, "50000000", "0.1")
        _ = fx.limit(bob, .bid, "49999000", "0.1")
        let sell = fx.order(alice, .ask, .best, volume: "0.3", tif: .ioc)
        #expect(
            sell.events == [
                accepted(sell.request, locked: "0.3"),
                traded(
                    1, maker: best.request, taker: sell.request, price: "50000000", volume: "0.1", funds: "5000000",
                    makerFee: "2500", takerFee: "2500"),
                done(best.request),
                cancelled(sell.request, .immediateOrCancel, remaining: "0.2", released: "0.2"),
            ])
    }

    @Test func bestAskFillOrKillThatCannotFillTradesNothing() {
        var fx = Fixture.funded()
        _ = fx.limit(bob, .bid, "50000000", "0.1")
        let sell = fx.order(alice, .ask, .best, volume: "0.2", tif: .fok)
        #expect(
            sell.events == [
                accepted(sell.request, locked: "0.2"),
                cancelled(sell.request, .fillOrKill, remaining: "0.2", released: "0.2"),
            ])
    }

    @Test func bestOrderWithAnEmptyBookIsCancelled() {
        var fx = Fixture.funded()
        let buy = fx.order(bob, .bid, .best, price: "10000", tif: .ioc)
        #expect(buy.events.last == cancelled(buy.request, .immediateOrCancel, remaining: "0", released: "10005"))
    }
    @Test func marketBuyNeverTakesVolumeForZeroFundsInACheapMarket() {
        let btcXRP = MarketCode("BTC-XRP")!
        var fx = Fixture(markets: [Market(code: btcXRP)])
        fx.deposit(alice, "XRP", "1000")
        fx.deposit(bob, "BTC", "1")
        let ask = OrderRequest.limit(fx.id(), alice, btcXRP, .ask, price: p("0.00002167"), volume: v("1000"))
        fx.run(.place(ask))
        let buy = OrderRequest.marketBuy(fx.id(), bob, btcXRP, total: f("0.0001"))
        // ⌊0.0001 / 0.00002167⌋ = 4.61467466 XRP for 0.00009999 BTC. The last 0.00000001 BTC would buy
        // 0.00046146 XRP whose value rounds down to 0, so the order stops there as dust.
        #expect(
            fx.run(.place(buy)) == [
                accepted(buy, locked: "0.00010005", fee: "0.00000005"),
                traded(
                    1, maker: ask, taker: buy, price: "0.00002167", volume: "4.61467466", funds: "0.00009999",
                    makerFee: "0.00000005", takerFee: "0.00000005"),
                cancelled(buy, .dust, remaining: "0", released: "0.00000001"),
            ])
    }
}
