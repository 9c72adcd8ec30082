import BourseCore
import Testing

@Suite("Rejections")
struct RejectionTests {
    @Test func buyerWithoutEnoughQuoteIsRefused() {
        var fx = Fixture.funded()
        let bid = fx.limit(alice, .bid, "50000000", "0.1")
        #expect(bid.events == [rejected(bid.request, .insufficientFunds(.bid))])
    }

    @Test func sellerWithoutEnoughBaseIsRefused() {
        var fx = Fixture.funded()
        let ask = fx.limit(bob, .ask, "50000000", "0.1")
        #expect(ask.events == [rejected(ask.request, .insufficientFunds(.ask))])
    }

    @Test func unknownAccountIsRefusedForFunds() {
        var fx = Fixture.funded()
        let ask = fx.limit(AccountID(99), .ask, "50000000", "0.1")
        #expect(ask.events == [rejected(ask.request, .insufficientFunds(.ask))])
    }

    @Test(arguments: [Side.bid, .ask])
    func totalBelowTheMarketMinimumIsRefused(side: Side) {
        var fx = Fixture.funded()
        // 4,999 KRW, one won short of Upbit's 5,000 KRW minimum.
        let order = fx.limit(side == .bid ? bob : alice, side, "4999000", "0.001")
        #expect(order.events == [rejected(order.request, .underMinTotal(side))])
    }

    @Test func marketBuyBelowTheMinimumIsRefused() {
        var fx = Fixture.funded()
        let buy = fx.order(bob, .bid, .price, price: "4999")
        #expect(buy.events == [rejected(buy.request, .underMinTotal(.bid))])
    }

    @Test func marketSellWorthLessThanTheMinimumAtTheBestBidIsRefused() {
        var fx = Fixture.funded()
        _ = fx.limit(bob, .bid, "50000000", "0.1")
        let sell = fx.order(alice, .ask, .market, volume: "0.00009")
        #expect(sell.events == [rejected(sell.request, .underMinTotal(.ask))])
    }

    @Test(arguments: [Side.bid, .ask])
    func priceOffTheTickGridIsRefused(side: Side) {
        var fx = Fixture.funded()
        // Between 1,000,000 and 2,000,000 KRW the tick is 1,000.
        let order = fx.limit(side == .bid ? bob : alice, side, "1000500", "1")
        #expect(order.events == [rejected(order.request, .invalidPrice(side))])
    }

    @Test(arguments: [
        (Side.bid, OrderType.market, nil as String?, "1" as String?, nil as TimeInForce?),
        (.ask, .price, "10000", nil, nil),
        (.bid, .limit, "50000000", nil, nil),
        (.bid, .limit, nil, "1", nil),
        (.bid, .best, "10000", nil, nil),
        (.ask, .best, nil, "0.1", .postOnly),
        (.bid, .price, "10000", "1", nil),
        (.bid, .price, "10000", nil, .ioc),
        (.ask, .market, "50000000", "0.1", nil),
        (.ask, .limit, "50000000", "0", nil),
    ])
    func badCombinationsAreRefused(side: Side, type: OrderType, price: String?, volume: String?, tif: TimeInForce?) {
        var fx = Fixture.funded()
        let order = fx.order(side == .bid ? bob : alice, side, type, price: price, volume: volume, tif: tif)
        #expect(order.events == [rejected(order.request, .createError(side))])
    }

    @Test func identifierIsUniquePerAccountForeverEvenForRefusedOrders() {
        var fx = Fixture.funded()
        let refused = fx.limit(alice, .ask, "50000000", "5", identifier: "mine")
        #expect(refused.events == [rejected(refused.request, .insufficientFunds(.ask))])
        let again = fx.limit(alice, .ask, "50000000", "0.1", identifier: "mine")
        #expect(again.events == [rejected(again.request, .duplicatedIdentifier)])
        let otherAccount = fx.limit(carol, .ask, "50000000", "0.1", identifier: "mine")
        #expect(otherAccount.events.first == accepted(otherAccount.request, locked: "0.1"))
    }

    @Test func unknownMarketIsRefused() {
        var fx = Fixture.funded()
        let request = OrderRequest.limit(
            fx.id(), alice, MarketCode("KRW-ETH")!, .ask, price: p("3000000"), volume: v("1"))
        #expect(fx.run(.place(request)) == [rejected(request, .marketNotFound)])
    }

    @Test func suspendedMarketRefusesOrdersButKeepsAndCancelsRestingOnes() {
        var fx = Fixture.funded()
        let resting = fx.limit(alice, .ask, "50000000", "0.1")
        #expect(fx.run(.setMarketState(krwBTC, .suspended)) == [.marketStateChanged(krwBTC, .suspended)])
        let refused = fx.limit(bob, .bid, "50000000", "0.1")
        #expect(refused.events == [rejected(refused.request, .marketOffline)])
        let cancel = fx.run(.cancel(.id(resting.request.id), account: alice))
        #expect(cancel == [cancelled(resting.request, .requested, remaining: "0.1", released: "0.1")])
    }

    @Test func nobodyCancelsAnotherAccountsOrder() {
        var fx = Fixture.funded()
        let resting = fx.limit(alice, .ask, "50000000", "0.1")
        let events = fx.run(.cancel(.id(resting.request.id), account: bob))
        #expect(
            events == [
                .rejected(
                    CommandRejected(account: bob, command: .cancel(.id(resting.request.id)), reason: .orderNotFound))
            ])
        #expect(fx.exchange.openOrder(resting.request.id) != nil)
    }

    @Test func depositThatWouldOverflowTheSupplyIsRefused() {
        var fx = Fixture.funded()
        let events = fx.run(.deposit(alice, currency: "BTC", amount: Funds(units: .max)))
        #expect(
            events == [
                .rejected(
                    CommandRejected(
                        account: alice, command: .deposit(currency: "BTC", amount: Funds(units: .max)),
                        reason: .invalidFunds))
            ])
        #expect(fx.balance(alice, "BTC") == ("1", "0"))
    }
}
