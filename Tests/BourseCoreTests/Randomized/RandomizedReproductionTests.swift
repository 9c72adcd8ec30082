import BourseCore
import Testing

/// Minimal reproductions of disagreements the randomized suite found between the engine and
/// docs/matching.md: each replays a few commands on the engine and on the reference model.
@Suite("Randomized reproductions")
struct RandomizedReproductionTests {
    /// docs/matching.md, validation step 6, says of volume asks (`market`, `best`) only: "if the book has a
    /// bid, `⌊volume × best bid⌋ < min_total` → `under_min_total_ask`". Overflow of that product is
    /// `invalid_funds` only for `limit` orders (step 6) and for locks (step 7; an ask locks its volume,
    /// which cannot overflow). So a funded market sell whose value at the best bid exceeds `Int64` must be
    /// accepted and sell what the bids take; the engine refuses it with `invalid_funds`. Found by seeds 2,
    /// 5, 6 and 7 of the randomized suite (unfunded, where the model says `insufficient_funds_ask`).
    @Test func fundedMarketSellWorthMoreThanInt64AtTheBestBidIsAccepted() {
        let krwBTC = MarketCode("KRW-BTC")!
        var pair = Pair(markets: [Market(code: krwBTC)])
        pair.run(.deposit(AccountID(1), currency: "BTC", amount: Funds(units: 200_000 * fixedPointScale)))
        pair.run(.deposit(AccountID(2), currency: "KRW", amount: Funds(units: 10_000_000 * fixedPointScale)))
        pair.run(
            .place(
                .limit(
                    OrderID(1), AccountID(2), krwBTC, .bid, price: Self.krw(50_000_000),
                    volume: Volume(units: 10_000_000))))
        // ⌊200,000 BTC × 50,000,000 KRW⌋ = 10¹³ KRW = 10²¹ units: more than an Int64 holds.
        pair.run(
            .place(.marketSell(OrderID(2), AccountID(1), krwBTC, volume: Volume(units: 200_000 * fixedPointScale))))
    }

    /// docs/matching.md, "Average buy price": "A sale leaves it unchanged unless the holding reaches 0,
    /// which resets it (avg 0, no unit)", and ``Balance/averageBuyPrice`` is documented as "zero when
    /// nothing is held". Spending a whole BTC holding as the quote of a BTC market empties it, but the
    /// engine keeps the old KRW average (100,000,000) on an empty holding.
    @Test func spendingAWholeHoldingAsQuoteResetsItsAverage() {
        let krwBTC = MarketCode("KRW-BTC")!
        let btcETH = MarketCode("BTC-ETH")!
        var pair = Pair(markets: [Market(code: krwBTC), Market(code: btcETH)])
        let buyer = AccountID(1)
        let seller = AccountID(2)
        pair.run(.deposit(buyer, currency: "KRW", amount: Funds(units: 100_000_000 * fixedPointScale)))
        pair.run(.deposit(seller, currency: "BTC", amount: Funds(units: 10 * fixedPointScale)))
        pair.run(.deposit(seller, currency: "ETH", amount: Funds(units: 100 * fixedPointScale)))
        // The buyer gets exactly 0.30015 BTC at 100,000,000 KRW ...
        pair.run(
            .place(
                .limit(
                    OrderID(1), seller, krwBTC, .ask, price: Self.krw(100_000_000), volume: Volume(units: 30_015_000))))
        pair.run(
            .place(
                .limit(OrderID(2), buyer, krwBTC, .bid, price: Self.krw(100_000_000), volume: Volume(units: 30_015_000))
            ))
        // ... and spends all of it on 10 ETH at 0.03 BTC: 0.3 BTC plus a 0.00015 BTC fee.
        pair.run(
            .place(
                .limit(
                    OrderID(3), seller, btcETH, .ask, price: Price(units: 3_000_000),
                    volume: Volume(units: 10 * fixedPointScale))))
        pair.run(
            .place(
                .limit(
                    OrderID(4), buyer, btcETH, .bid, price: Price(units: 3_000_000),
                    volume: Volume(units: 10 * fixedPointScale))))
        let btc = pair.exchange.ledger.balance(of: buyer, "BTC")
        #expect(btc.total == .zero)
        #expect(btc.averageBuyPrice == .zero, "nothing is held, so no average")
        #expect(btc.unitCurrency == nil)
        #expect(ReferenceBalance(btc) == pair.model.balance(buyer, "BTC"))
    }

    private static func krw(_ whole: Int64) -> Price { Price(units: whole * fixedPointScale) }
}

/// An engine and a reference model fed the same commands.
private struct Pair {
    var exchange: Exchange
    var model: ReferenceExchange

    init(markets: [Market]) {
        exchange = Exchange(markets: markets)
        model = ReferenceExchange(markets: markets)
    }

    /// Runs `command` on both and expects the same events.
    mutating func run(_ command: Command, sourceLocation: SourceLocation = #_sourceLocation) {
        let time = Timestamp(milliseconds: 0)
        let engineEvents = exchange.handle(command, at: time)
        let modelEvents = model.handle(command, at: time)
        #expect(
            engineEvents == modelEvents,
            """
            \(EventFormatter.describe(command))
              engine: \(engineEvents.map(EventFormatter.describe))
              model:  \(modelEvents.map(EventFormatter.describe))
            """, sourceLocation: sourceLocation)
    }
}
