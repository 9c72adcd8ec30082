import BourseCore
import BourseStore
import Testing

extension SnapshotCoderTests {
    /// A snapshot taken mid-sale (a leader's lock held, an extension applied, a reserve met) restores the
    /// auction house exactly, and the sale then ends with the same winner and balances as without it.
    @Test func aSnapshotMidSaleRestoresTheAuctionHouseAndEndsTheSaleIdentically() throws {
        let start = Timestamp(milliseconds: 1_767_225_600_000)
        func at(_ seconds: Int64) -> Timestamp { Timestamp(milliseconds: start.milliseconds + seconds * 1_000) }
        func won(_ amount: Int64) -> Funds { Funds(whole: amount)! }
        let (seller, alice, bob) = (AccountID(1), AccountID(2), AccountID(3))
        let terms = ItemTerms(
            seller: seller, startPrice: won(10_000), reservePrice: won(30_000), startsAt: at(0), endsAt: at(600))
        let before: [(Int64, (OrderID) -> Command)] = [
            (0, { _ in .deposit(alice, currency: "KRW", amount: won(100_000)) }),
            (0, { _ in .deposit(bob, currency: "KRW", amount: won(100_000)) }),
            (0, { id in .listItem(ItemID(id.rawValue), terms) }),
            (10, { id in .listItem(ItemID(id.rawValue), terms) }),
            (20, { _ in .bid(ItemID(1), account: alice, maximum: won(40_000)) }),
            (590, { _ in .bid(ItemID(1), account: bob, maximum: won(35_000)) }),
        ]
        let after: [(Int64, (OrderID) -> Command)] = [
            (650, { _ in .bid(ItemID(1), account: bob, maximum: won(50_000)) }),
            (900, { _ in .advanceAuction(ItemID(1)) }),
            (900, { _ in .advanceAuction(ItemID(2)) }),
        ]
        let markets = [Market(code: MarketCode("KRW-BTC")!)]
        var original = ExchangeState(markets: markets)
        var events: [Event] = []
        var trades: [TradeRecord] = []
        for (seconds, make) in before {
            original.apply(original.nextEntry(at: at(seconds), make), events: &events, trades: &trades)
        }
        #expect(original.exchange.auctions.item(ItemID(1))?.effectiveEndsAt == at(710))

        var restored = try ExchangeSnapshot.decode(try ExchangeSnapshot.encode(original))
        let restoredEqualsOriginal = restored == original
        #expect(restoredEqualsOriginal)
        var originalEvents: [Event] = []
        var restoredEvents: [Event] = []
        for (seconds, make) in after {
            let entry = original.nextEntry(at: at(seconds), make)
            original.apply(entry, events: &originalEvents, trades: &trades)
            restored.apply(entry, events: &restoredEvents, trades: &trades)
        }
        #expect(restoredEvents == originalEvents)
        let sameState = restored == original
        #expect(sameState)
        #expect(restored.exchange.auctions.item(ItemID(1))?.state == .sold)
        #expect(restored.exchange.auctions.item(ItemID(1))?.leader == bob)
        #expect(restored.exchange.ledger.balance(of: seller, "KRW").balance == won(38_950))
        #expect(restored.exchange.auditViolations() == [])
    }
}
