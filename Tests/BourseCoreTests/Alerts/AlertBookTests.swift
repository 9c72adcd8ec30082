import Testing

@testable import BourseCore

@Suite("Alerts: which changes fire which alerts, once")
struct AlertBookTests {
    /// `krwBTC`'s ticker after trades at `prices` (whole KRW, a minute apart from `t0`), read at the last.
    func ticker(_ prices: [Int64], volume: Int64 = 1) -> TickerSnapshot {
        var ticker = Ticker(market: krwBTC)
        for (index, price) in prices.enumerated() {
            let price = Price(whole: price)!
            let volume = Volume(whole: volume)!
            ticker.record(
                price: price, volume: volume, funds: Funds.value(of: volume, at: price, rounding: .down)!,
                takerSide: .bid, at: Timestamp(milliseconds: t0.milliseconds + Int64(index) * 60_000))
        }
        return ticker.snapshot(at: Timestamp(milliseconds: t0.milliseconds + Int64(prices.count) * 60_000))!
    }

    func alert(_ id: UInt64, _ condition: AlertCondition) -> Alert {
        Alert(id: id, account: alice, condition: condition, createdAt: t0)
    }

    @Test func aPriceLineFiresWhenTheLastTradeReachesItExactlyAndNotBefore() {
        var book = AlertBook()
        book.add(alert(1, .price(krwBTC, Price(whole: 100)!, .above)))
        book.add(alert(2, .price(krwBTC, Price(whole: 90)!, .below)))
        #expect(book.fired(by: ticker([95, 99])).isEmpty)
        #expect(book.fired(by: ticker([95, 100])).map(\.id) == [1])
        // Gone once fired: the same price again fires nothing.
        #expect(book.fired(by: ticker([100])).isEmpty)
        #expect(book.fired(by: ticker([91])).isEmpty)
        #expect(book.fired(by: ticker([89])).map(\.id) == [2])
        #expect(book.count == 0 && book.markets.isEmpty)
    }

    @Test func theDirectionOfAPriceLineIsTheSideItLiesOnFromThePriceWhenSet() {
        #expect(AlertDirection(line: Price(whole: 101)!, from: Price(whole: 100)!) == .above)
        #expect(AlertDirection(line: Price(whole: 99)!, from: Price(whole: 100)!) == .below)
        #expect(AlertDirection(line: Price(whole: 100)!, from: Price(whole: 100)!) == .below)
    }

    @Test func aChangeLineFiresOnItsOwnSideOfThePreviousClose() {
        // The previous close is the last price before 00:00 UTC; `t0` is a day start, so build two days.
        var ticker = Ticker(market: krwBTC)
        let one = Volume(whole: 1)!
        func trade(_ price: Int64, _ minutes: Int64) {
            let price = Price(whole: price)!
            ticker.record(
                price: price, volume: one, funds: Funds.value(of: one, at: price, rounding: .down)!, takerSide: .ask,
                at: Timestamp(milliseconds: t0.milliseconds + minutes * 60_000))
        }
        trade(100, -1)  // The close before t0's day.
        trade(104, 1)
        let rising = AlertCondition.changeRate(krwBTC, ChangeRate(units: 5 * 100_000_000))  // +5 %
        let falling = AlertCondition.changeRate(krwBTC, ChangeRate(units: -3 * 100_000_000))  // -3 %
        var snapshot = ticker.snapshot(at: at(120))!
        #expect(!rising.isMet(by: snapshot) && !falling.isMet(by: snapshot))
        trade(105, 2)
        snapshot = ticker.snapshot(at: at(180))!
        #expect(rising.isMet(by: snapshot) && !falling.isMet(by: snapshot))
        trade(97, 3)
        snapshot = ticker.snapshot(at: at(240))!
        #expect(!rising.isMet(by: snapshot) && falling.isMet(by: snapshot))
    }

    @Test func aValueLineFiresWhenTheRolling24HourValueReachesIt() {
        let line = AlertCondition.value24h(krwBTC, FixedPointSum(Funds(whole: 300)!))
        #expect(!line.isMet(by: ticker([100, 100])))
        #expect(line.isMet(by: ticker([100, 100, 100])))
    }

    @Test func anItemAlertFiresWithItsMinutesLeftAtOrUnderItsPriceAndExpiresWithTheSale() {
        var terms = ItemTerms(seller: seller, startPrice: won(10_000), startsAt: t0, endsAt: at(600))
        terms.softCloseSeconds = 0
        var item = AuctionItem(id: ItemID(7), terms: terms, at: t0)
        var book = AlertBook()
        book.add(alert(1, .item(ItemID(7), won(12_000), minutes: 5)))
        book.add(alert(2, .item(ItemID(7), won(9_000), minutes: 5)))
        #expect(book.changed(item, at: at(299)) == ([], []))  // 301 s left: not yet.
        let fired = book.changed(item, at: at(300))
        #expect(fired.fired.map(\.id) == [1] && fired.expired.isEmpty)
        #expect(book.changed(item, at: at(301)) == ([], []))  // Once.
        item.state = .sold
        #expect(book.changed(item, at: at(601)).expired.map(\.id) == [2])
        #expect(book.items.isEmpty)
    }

    @Test func anItemAboveThePriceDoesNotFireAndAScheduledOneWaits() {
        let condition = AlertCondition.item(ItemID(7), won(12_000), minutes: 10)
        var item = AuctionItem(
            id: ItemID(7), terms: ItemTerms(seller: seller, startPrice: won(10_000), startsAt: at(60), endsAt: at(600)),
            at: t0)
        #expect(item.state == .scheduled && !condition.isMet(by: item, at: at(30)))
        item.state = .live
        item.price = won(12_001)
        #expect(!condition.isMet(by: item, at: at(300)))
        item.price = won(12_000)
        #expect(condition.isMet(by: item, at: at(300)))
        #expect(!condition.isMet(by: item, at: at(600)))  // Ended by the clock: nothing left to watch.
    }

    @Test func removingAnAlertTakesItOutOfItsIndex() {
        var book = AlertBook()
        book.add(alert(1, .price(krwBTC, Price(whole: 100)!, .above)))
        book.add(alert(2, .item(ItemID(3), won(1_000), minutes: 1)))
        book.add(
            Alert(
                id: 3, account: bob, condition: .value24h(krwBTC, FixedPointSum(won(1))), state: .fired, createdAt: t0))
        #expect(book.count == 2)
        #expect(book.remove(1)?.id == 1 && book.remove(1) == nil)
        #expect(book.markets.isEmpty && book.items == [ItemID(3)])
        #expect(book.remove(2)?.id == 2 && book.count == 0)
    }

    @Test func addingAnAlertTheBookHoldsReplacesIt() {
        var book = AlertBook()
        book.add(alert(1, .price(krwBTC, Price(whole: 100)!, .above)))
        book.add(alert(1, .price(krwBTC, Price(whole: 100)!, .above)))
        #expect(book.count == 1)
        #expect(book.fired(by: ticker([100])).map(\.id) == [1])
        #expect(book.count == 0 && book.remove(1) == nil)
    }
}
