import BourseClient

/// The order book as a ladder: asks above (best at the bottom), bids below (best at the top), each level's
/// size with a depth bar scaled to the largest level, and the side totals.
enum OrderBookLadder {
    /// `levels` per side plus a heading: `2 * levels + 1` lines of `width` cells.
    static func lines(
        _ book: OrderBookView?, levels: Int, width: Int, quote: Substring, colour: Bool, heading: String
    ) -> [String] {
        var lines = [DisplayWidth.fit(" " + heading, width)]
        guard let book else {
            lines.append(DisplayWidth.fit("  waiting for the order book…", width))
            while lines.count < 2 * levels + 1 { lines.append(String(repeating: " ", count: width)) }
            return lines
        }
        let asks = Array(book.asks.prefix(levels))
        let bids = Array(book.bids.prefix(levels))
        let largest = (asks + bids).map(\.size).max() ?? 1
        let priceWidth = 14
        let sizeWidth = 12
        let barWidth = max(0, width - priceWidth - sizeWidth - 3)
        func line(_ level: OrderBookView.Level?, isAsk: Bool) -> String {
            guard let level else { return String(repeating: " ", count: width) }
            let price = DisplayWidth.fit(NumberText.price(level.price, quote: quote), priceWidth, alignRight: true)
            let size = DisplayWidth.fit(NumberText.grouped(level.size, decimals: 8), sizeWidth, alignRight: true)
            let filled = largest > 0 ? Int((level.size / largest * Double(barWidth)).rounded(.up)) : 0
            let bar =
                String(repeating: "█", count: min(barWidth, filled))
                + String(repeating: " ", count: max(0, barWidth - filled))
            let tint = isAsk ? ANSI.blue : ANSI.red
            return DisplayWidth.clip(
                " " + (colour ? ANSI.paint(price, tint) : price) + " " + size + " "
                    + (colour ? ANSI.paint(bar, tint) : bar), width)
        }
        let emptyAsks = levels - asks.count
        for _ in 0..<emptyAsks { lines.append(String(repeating: " ", count: width)) }
        for level in asks.reversed() { lines.append(line(level, isAsk: true)) }
        for level in bids { lines.append(line(level, isAsk: false)) }
        while lines.count < 2 * levels + 1 { lines.append(String(repeating: " ", count: width)) }
        let totals =
            " asks \(NumberText.compact(book.totalAskSize))  bids \(NumberText.compact(book.totalBidSize))"
            + (book.spread.map { "  spread \(NumberText.price($0, quote: quote, scale: book.bestBid))" } ?? "")
        lines[0] = DisplayWidth.fit(" " + heading + " ·" + totals, width)
        return lines
    }
}
