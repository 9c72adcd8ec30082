import BourseClient
import Foundation
import Testing

@testable import BourseTUI

@Suite("Portfolio screen: balances, open orders, cancel and order entry")
struct PortfolioScreenTests {
    static func state() throws -> PortfolioState {
        var state = PortfolioState(user: "mina", market: "KRW-BTC")
        let balances = try JSONDecoder().decode(
            [AccountBalance].self,
            from: Data(
                #"""
                [{"currency":"KRW","balance":"989995.0","locked":"10005.0","avg_buy_price":"0"},
                 {"currency":"BTC","balance":"0.01","locked":"0.0","avg_buy_price":"144000000"}]
                """#.utf8))
        let orders = try JSONDecoder().decode(
            [OrderSummary].self,
            from: Data(
                #"""
                [{"uuid":"a","side":"bid","ord_type":"limit","price":"1000000","state":"wait","market":"KRW-BTC",
                  "volume":"0.01","remaining_volume":"0.01","executed_volume":"0","created_at":"2026-11-26T22:00:00+09:00"},
                 {"uuid":"b","side":"ask","ord_type":"limit","price":"5500000","state":"wait","market":"KRW-ETH",
                  "volume":"0.5","remaining_volume":"0.2","executed_volume":"0.3","created_at":"2026-11-26T22:01:00+09:00"}]
                """#.utf8))
        state.loaded(balances: balances, orders: orders)
        return state
    }

    @Test func goldenFrameWithBalancesAndOrders() throws {
        var state = try Self.state()
        _ = state.handle(.down)
        try Golden.check(PortfolioScreen.render(state, width: 80, height: 16, colour: false), "portfolio-80x16")
    }

    @Test func goldenFrameTypingAnOrder() throws {
        var state = try Self.state()
        _ = state.handle(.character("s"), lastPrice: "144000000")
        for key in [KeyPress.tab, .character("0"), .character("."), .character("5")] { _ = state.handle(key) }
        try Golden.check(PortfolioScreen.render(state, width: 80, height: 16, colour: true), "portfolio-80x16-entry")
    }

    @Test func keysCancelTheSelectedOrderAndPlaceTypedOnes() throws {
        var state = try Self.state()
        #expect(state.handle(.character("c")) == .cancel(uuid: "a"))
        _ = state.handle(.character("j"))
        #expect(state.handle(.character("c")) == .cancel(uuid: "b"))
        #expect(state.handle(.character("b"), lastPrice: "144000000") == nil)
        for key in [KeyPress.backspace, .tab, .character("0"), .character(".")] { _ = state.handle(key) }
        // "0." is not an amount: refused here, before anything is sent.
        #expect(state.handle(.enter) == nil && state.noticeIsError && state.entry != nil)
        _ = state.handle(.character("1"))
        #expect(
            state.handle(.enter) == .place(market: "KRW-BTC", side: .bid, price: "14400000", volume: "0.1"))
        #expect(state.entry == nil)
        _ = state.handle(.character("s"))
        _ = state.handle(.escape)
        #expect(state.entry == nil)
        _ = state.handle(.character("q"))
        #expect(state.shouldQuit)
    }

    @Test func theSelectionFollowsItsOrderAcrossRefreshes() throws {
        var state = try Self.state()
        _ = state.handle(.down)
        let orders = state.orders
        state.loaded(balances: state.balances, orders: Array(orders.reversed()))
        #expect(state.orders[state.selected].uuid == "b")
        state.loaded(balances: state.balances, orders: [orders[0]])
        #expect(state.selected == 0)
    }

    @Test func decimalsAreCheckedAsText() {
        // As the server's decimal parser reads them: digits on both sides of the point, at most 8 after it.
        for good in ["1", "0.01", "1000000", "0.5", "12.50", "0.00000001"] {
            #expect(PortfolioState.isDecimal(good), "\(good)")
        }
        for bad in ["", ".", "0", "0.0", "1.2.3", "-1", "1e5", "１", ".5", "5.", "0.000000001"] {
            #expect(!PortfolioState.isDecimal(bad), "\(bad)")
        }
    }
}
