import BourseCore
import Testing

@Suite("Fees and ledger")
struct FeeAndLedgerTests {
    @Test func makerAndTakerPayTheirOwnRates() {
        let market = Market(code: krwBTC, makerFee: FeeRate(units: 0), takerFee: try! FeeRate(parsing: "0.0025"))
        var fx = Fixture.funded(markets: [market])
        let ask = fx.limit(alice, .ask, "50000000", "0.1")
        let bid = fx.limit(bob, .bid, "50000000", "0.1")
        // The bid reserves at the larger rate (0.25 %) and pays it as taker.
        #expect(
            bid.events == [
                accepted(bid.request, locked: "5012500", fee: "12500"),
                traded(
                    1, maker: ask.request, taker: bid.request, price: "50000000", volume: "0.1", funds: "5000000",
                    makerFee: "0", takerFee: "12500"),
                done(ask.request),
                done(bid.request),
            ])
        #expect(fx.balance(alice, "KRW") == ("5000000", "0"))
    }

    @Test func feesRoundUpOnceOverAllFillsNotOncePerFill() {
        let xrp = MarketCode("KRW-XRP")!
        var fx = Fixture(markets: [Market(code: xrp, minTotal: f("0"))])
        fx.deposit(alice, "XRP", "1")
        fx.deposit(bob, "KRW", "1000")
        var asks: [OrderRequest] = []
        for _ in 0..<3 {
            let request = OrderRequest.limit(fx.id(), alice, xrp, .ask, price: p("1000"), volume: v("0.00000003"))
            fx.run(.place(request))
            asks.append(request)
        }
        let bid = OrderRequest.limit(fx.id(), bob, xrp, .bid, price: p("1000"), volume: v("0.00000009"))
        let events = fx.run(.place(bid))
        // Each fill is 0.00003 KRW, a fee of 0.000000015 KRW. Per fill that would round up to 2 units
        // three times (6); over the order it is ⌈4.5⌉ = 5 units: 2, then 1, then 2.
        let takerFees = events.compactMap { event -> Funds? in
            if case .traded(let trade) = event { return trade.takerFee } else { return nil }
        }
        #expect(takerFees == [Funds(units: 2), Funds(units: 1), Funds(units: 2)])
        #expect(fx.exchange.ledger.feesCollected("KRW") == Funds(units: 11))
    }

    @Test func averageBuyPriceIsCostOverHoldingsAndResetsWhenSoldOut() {
        var fx = Fixture.funded()
        fx.limit(alice, .ask, "50000000", "0.1")
        fx.limit(alice, .ask, "60000000", "0.1")
        fx.order(bob, .bid, .price, price: "11000000")
        let btc = fx.exchange.ledger.balance(of: bob, "BTC")
        #expect(btc.total == v("0.2").asFunds)
        #expect(btc.averageBuyPrice == p("55000000"))
        #expect(btc.unitCurrency == "KRW")
        fx.limit(carol, .bid, "40000000", "0.2")
        fx.order(bob, .ask, .market, volume: "0.1")
        #expect(fx.exchange.ledger.balance(of: bob, "BTC").averageBuyPrice == p("55000000"))
        fx.order(bob, .ask, .market, volume: "0.1")
        let empty = fx.exchange.ledger.balance(of: bob, "BTC")
        #expect(empty.total == .zero)
        #expect(empty.averageBuyPrice == .zero)
        #expect(empty.unitCurrency == nil)
    }

    @Test func depositsCreditAvailableAndCountInTheSupply() {
        var fx = Fixture()
        fx.deposit(alice, "KRW", "1000")
        fx.deposit(alice, "KRW", "0.5")
        #expect(fx.balance(alice, "KRW") == ("1000.5", "0"))
        #expect(fx.exchange.ledger.totalSupply("KRW") == f("1000.5"))
        #expect(fx.exchange.ledger.balances(of: alice).map(\.currency) == ["KRW"])
    }
}

extension Volume {
    /// The same number as funds (a ledger amount).
    var asFunds: Funds { Funds(units: units) }
}
