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

    /// Three trades of KRW-BTC, newest first; the middle one is the user's buy (a fill of theirs with the
    /// same time, price and volume), the others another pair's.
    static func tape() -> (trades: [TradeUpdate], fill: OrderEvent) {
        let time: Int64 = 1_795_000_000_000
        let trades = [
            TradeUpdate(
                code: "KRW-BTC", price: 144_100_000, volume: 0.2, isSell: false, time: time + 2_000, sequentialID: 3),
            TradeUpdate(
                code: "KRW-BTC", price: 144_000_000, volume: 0.01, isSell: true, time: time + 1_000, sequentialID: 2),
            TradeUpdate(code: "KRW-BTC", price: 144_000_000, volume: 0.05, isSell: true, time: time, sequentialID: 1),
        ]
        let fill = OrderEvent(
            code: "KRW-BTC", uuid: "a", side: .bid, state: "trade", tradeUUID: "t2", price: 144_000_000, volume: 0.01,
            tradeTime: time + 1_000, isMaker: true, time: time + 1_001)
        return (trades, fill)
    }

    @Test func goldenFrameMarksTheUsersOwnFillOnTheTape() throws {
        var state = try Self.state()
        let (trades, fill) = Self.tape()
        state.trades = trades
        state.recorded(fill)
        try Golden.check(PortfolioScreen.render(state, width: 80, height: 24, colour: false), "portfolio-80x24-tape")
        // Without colours the mark is words, and only on the user's own trade.
        let frame = PortfolioScreen.render(state, width: 80, height: 24, colour: false)
        #expect(frame.filter { $0.contains("◀ you bought") }.count == 1)
        #expect(frame.first { $0.contains("◀ you bought") }?.contains("0.01") == true)
        // While the private socket is away, the screen says so instead of silently marking nothing.
        state.fillsTrouble = "INVALID_AUTH: the session has ended"
        #expect(
            PortfolioScreen.render(state, width: 120, height: 24, colour: false).contains {
                $0.contains("⚠ own fills not followed: INVALID_AUTH")
            })
    }
}
