import BourseCore
import Testing

@Suite("Cancel and cancel-and-replace")
struct CancelAndReplaceTests {
    @Test func cancelByIdentifierReleasesTheLock() {
        var fx = Fixture.funded()
        let bid = fx.limit(bob, .bid, "50000000", "0.1", identifier: "bot-1")
        let events = fx.run(.cancel(.identifier("bot-1"), account: bob))
        #expect(events == [cancelled(bid.request, .requested, remaining: "0.1", released: "5002500")])
        #expect(fx.balance(bob, "KRW") == ("100000000", "0"))
        #expect(fx.run(.cancel(.identifier("bot-1"), account: bob)).count == 1)
        #expect(fx.exchange.openOrderCount == 0)
    }

    @Test func replaceWithRemainOnlyMovesWhatIsLeftToTheNewPrice() {
        var fx = Fixture.funded()
        let ask = fx.limit(alice, .ask, "50000000", "0.5")
        _ = fx.limit(bob, .bid, "50000000", "0.2")
        let replacement = ReplacementRequest(id: OrderID(100), price: p("51000000"), volume: .remainOnly)
        let events = fx.run(.cancelAndReplace(.id(ask.request.id), account: alice, replacement))
        let new = OrderRequest.limit(OrderID(100), alice, krwBTC, .ask, price: p("51000000"), volume: v("0.3"))
        #expect(
            events == [
                cancelled(ask.request, .replaced, remaining: "0.3", released: "0.3"),
                accepted(new, locked: "0.3"),
                rested(new, remaining: "0.3", locked: "0.3"),
            ])
    }

    @Test func replacementThatIsRefusedLeavesTheOldOrderCancelled() {
        var fx = Fixture.funded()
        let ask = fx.limit(alice, .ask, "50000000", "0.5")
        let replacement = ReplacementRequest(id: OrderID(100), price: p("50000500"), volume: .volume(v("0.5")))
        let events = fx.run(.cancelAndReplace(.id(ask.request.id), account: alice, replacement))
        let new = OrderRequest.limit(OrderID(100), alice, krwBTC, .ask, price: p("50000500"), volume: v("0.5"))
        #expect(
            events == [
                cancelled(ask.request, .replaced, remaining: "0.5", released: "0.5"),
                rejected(new, .invalidPrice(.ask)),
            ])
    }

    @Test func replacingAnUnknownOrderOrWithAUsedIdentifierChangesNothing() {
        var fx = Fixture.funded()
        let ask = fx.limit(alice, .ask, "50000000", "0.5", identifier: "a")
        let unknown = ReplacementRequest(id: OrderID(100), price: p("51000000"), volume: .remainOnly)
        #expect(
            fx.run(.cancelAndReplace(.id(OrderID(999)), account: alice, unknown)) == [
                .rejected(
                    CommandRejected(
                        account: alice, command: .cancelAndReplace(.id(OrderID(999)), unknown),
                        reason: .orderNotFound))
            ])
        let reused = ReplacementRequest(
            id: OrderID(101), price: p("51000000"), volume: .remainOnly, identifier: "a")
        #expect(
            fx.run(.cancelAndReplace(.id(ask.request.id), account: alice, reused)) == [
                .rejected(
                    CommandRejected(
                        account: alice, command: .cancelAndReplace(.id(ask.request.id), reused),
                        reason: .duplicatedIdentifier))
            ])
        #expect(fx.exchange.openOrder(ask.request.id)?.remaining == v("0.5"))
    }
}
