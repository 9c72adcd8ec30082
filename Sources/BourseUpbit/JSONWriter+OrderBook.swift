import BourseCore
import BourseWire

extension JSONWriter {
    /// Writes `orderbook_units` (`obu`): best ask beside best bid, a missing side spelled as `0.0` and `0.0`.
    mutating func orderBookUnits(_ book: OrderBookSnapshot, _ style: KeyStyle) {
        beginArray()
        for index in 0..<max(book.asks.count, book.bids.count) {
            let ask = index < book.asks.count ? book.asks[index] : nil
            let bid = index < book.bids.count ? book.bids[index] : nil
            beginObject()
            key("ask_price", "ap", style)
            number(ask?.price ?? .zero)
            key("bid_price", "bp", style)
            number(bid?.price ?? .zero)
            key("ask_size", "as", style)
            number(ask?.size ?? .zero)
            key("bid_size", "bs", style)
            number(bid?.size ?? .zero)
            endObject()
        }
        endArray()
    }
}
