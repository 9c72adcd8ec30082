import Foundation
import Testing

@testable import BourseClient

@Suite("Own fills: the private socket's myOrder read, and found on the public tape")
struct OwnFillsTests {
    /// A `myOrder` fill as the server writes it (DEFAULT format), and its public trade.
    static let fill = #"""
        {"type":"myOrder","code":"KRW-BTC","uuid":"o-1","ask_bid":"ASK","order_type":"limit","state":"trade",
         "trade_uuid":"t-7","price":60000000,"avg_price":60000000,"volume":0.002,"remaining_volume":0,
         "executed_volume":0.002,"trades_count":1,"reserved_fee":0,"remaining_fee":0,"paid_fee":60,"locked":0,
         "executed_funds":120000,"time_in_force":null,"trade_fee":60,"is_maker":true,"identifier":null,
         "smp_type":null,"prevented_volume":0,"prevented_locked":0,"trade_timestamp":1795000000123,
         "order_timestamp":1795000000000,"timestamp":1795000000130,"stream_type":"REALTIME"}
        """#

    @Test func aFillDecodesFromEitherSpelling() throws {
        let event = try JSONDecoder().decode(OrderEvent.self, from: Data(Self.fill.utf8))
        #expect(event.isFill && event.side == .ask && event.tradeUUID == "t-7" && event.isMaker == true)
        #expect(event.price == 60_000_000 && event.volume == 0.002 && event.tradeTime == 1_795_000_000_123)
        let simple =
            #"{"ty":"myOrder","cd":"KRW-BTC","uid":"o-2","ab":"BID","s":"wait","tuid":null,"p":1000,"v":1,"#
            + #""ttms":null,"im":null,"tms":5}"#
        let waiting = try JSONDecoder().decode(OrderEvent.self, from: Data(simple.utf8))
        #expect(!waiting.isFill && waiting.side == .bid && waiting.tradeTime == nil && waiting.time == 5)
    }

    @Test func onlyTheTradeOfTheFillIsMarked() throws {
        var fills = OwnFills()
        let event = try JSONDecoder().decode(OrderEvent.self, from: Data(Self.fill.utf8))
        fills.record(event)
        var mine = TradeUpdate(
            code: "KRW-BTC", price: 60_000_000, volume: 0.002, isSell: false, time: 1_795_000_000_123,
            sequentialID: 17_950_000_001_230_000)
        #expect(fills.side(of: mine) == .ask)
        // Another market, millisecond, price or volume is someone else's trade.
        for change in [
            { (trade: inout TradeUpdate) in trade.code = "KRW-ETH" }, { $0.time += 1 }, { $0.price += 1_000 },
            { $0.volume = 0.001 },
        ] {
            var other = mine
            change(&other)
            #expect(fills.side(of: other) == nil)
        }
        // Events that are not fills mark nothing; the same fill twice is kept once.
        fills.record(OrderEvent(code: "KRW-BTC", uuid: "o-1", side: .ask, state: "done", price: 60_000_000, time: 1))
        fills.record(event)
        #expect(fills.count == 1)
        mine.isSell = true
        #expect(fills.side(of: mine) == .ask, "the taker's side does not matter: the user's side is the order's")
    }

    @Test func theOldestFillsAreForgottenPastTheCapacity() {
        var fills = OwnFills()
        for index in 0..<(OwnFills.capacity * 2 + 1) {
            fills.record(
                OrderEvent(
                    code: "KRW-BTC", uuid: "o", side: .bid, state: "trade", price: 1_000, volume: 1,
                    tradeTime: Int64(index), time: Int64(index)))
        }
        #expect(fills.count == OwnFills.capacity)
        let newest = TradeUpdate(
            code: "KRW-BTC", price: 1_000, volume: 1, isSell: false, time: Int64(OwnFills.capacity * 2), sequentialID: 1
        )
        #expect(fills.side(of: newest) == .bid)
        #expect(
            fills.side(
                of: TradeUpdate(code: "KRW-BTC", price: 1_000, volume: 1, isSell: false, time: 0, sequentialID: 0))
                == nil)
    }
}
