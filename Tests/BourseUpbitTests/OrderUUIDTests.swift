import BourseCore
import BourseUpbit
import BourseWire
import Foundation
import Testing

@Suite("Order UUIDs")
struct OrderUUIDTests {
    @Test func everyIdRoundTripsThroughAStandardUUID() {
        var seen: Set<String> = []
        for raw in Array(1...5_000) + [UInt64(1) << 40, UInt64.max >> 1, UInt64.max] {
            let text = OrderUUID.string(OrderID(UInt64(raw)))
            let parsed = UUID(uuidString: text)
            #expect(parsed != nil && text == text.lowercased(), "\(text)")
            #expect(Array(text.utf8)[14] == UInt8(ascii: "4"), "version 4 layout: \(text)")
            #expect(OrderUUID.parse(text) == OrderID(UInt64(raw)))
            #expect(OrderUUID.parse(text.uppercased()) == OrderID(UInt64(raw)))
            seen.insert(text)
        }
        #expect(seen.count == 5_003)
    }

    @Test func madeUpOrAlteredUUIDsNameNoOrder() {
        let text = OrderUUID.string(OrderID(42))
        var altered = Array(text)
        altered[35] = altered[35] == "0" ? "1" : "0"
        #expect(OrderUUID.parse(String(altered)) == nil)
        #expect(OrderUUID.parse(UUID().uuidString) == nil)
        #expect(OrderUUID.parse("not-a-uuid") == nil)
        #expect(OrderUUID.parse(text.replacingOccurrences(of: "-", with: "")) == nil)
    }

    @Test func tradeUUIDsDifferAcrossMarketsAndSequences() {
        let btc = OrderUUID.trade(MarketCode("KRW-BTC")!, sequence: 1)
        let eth = OrderUUID.trade(MarketCode("KRW-ETH")!, sequence: 1)
        #expect(btc != eth && btc != OrderUUID.trade(MarketCode("KRW-BTC")!, sequence: 2))
        #expect(UUID(uuidString: btc) != nil)
    }
}
