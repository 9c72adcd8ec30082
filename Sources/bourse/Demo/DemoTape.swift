import BourseCore

/// Pure formatting of the demo's output: one line per trade and a ticker table. Colours follow Korean
/// convention (rise red, fall blue) and are only used when asked for.
struct DemoTape {
    var colors: Bool

    /// `00:00:01.200  KRW-BTC   BID  0.0123 @ 143,250,000  = 1,762,000 KRW`
    func line(for trade: Trade) -> String {
        let side = trade.takerSide == .bid ? paint("BID", .red) : paint("ASK", .blue)
        return "\(clock(trade.time))  \(pad(trade.market.description, 9)) \(side)  "
            + "\(trade.volume) @ \(grouped(trade.price.description))  = \(grouped(trade.funds.description)) \(trade.market.quote)"
    }

    /// A table of every market's last price, change, range and volume.
    func table(_ stats: [MarketStats], at time: Timestamp) -> [String] {
        var lines = ["-- tickers at \(clock(time)) " + String(repeating: "-", count: 70)]
        lines.append(
            pad("market", 10) + pad("name", 12) + lpad("last", 16) + lpad("change", 9) + lpad("high", 16)
                + lpad("low", 16) + lpad("volume", 16) + lpad("trades", 8))
        for stat in stats {
            let change = stat.changeBasisPoints
            let color: Color? = change > 0 ? .red : change < 0 ? .blue : nil
            let changeText = lpad(percent(change), 9)
            lines.append(
                pad(stat.market.code.description, 10) + pad(stat.market.koreanName, 12, width: displayWidth)
                    + lpad(stat.last.map { grouped($0.description) } ?? "-", 16)
                    + (color.map { paint(changeText, $0) } ?? changeText)
                    + lpad(stat.high.map { grouped($0.description) } ?? "-", 16)
                    + lpad(stat.low.map { grouped($0.description) } ?? "-", 16)
                    + lpad(stat.volume.description, 16) + lpad(String(stat.trades), 8))
        }
        return lines
    }

    // MARK: - Pieces

    enum Color: String {
        case red = "31"
        case blue = "34"
    }

    func paint(_ text: String, _ color: Color) -> String {
        colors ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// `+1.25%`, `-0.03%`, `0.00%`.
    func percent(_ basisPoints: Int64) -> String {
        let sign = basisPoints > 0 ? "+" : basisPoints < 0 ? "-" : ""
        let magnitude = basisPoints.magnitude
        let cents = magnitude % 100
        return "\(sign)\(magnitude / 100).\(cents < 10 ? "0" : "")\(cents)%"
    }

    /// `HH:mm:ss.SSS` in UTC.
    func clock(_ time: Timestamp) -> String {
        let utc = UTCDateTime(time)
        let milliseconds = String(utc.millisecond)
        return utc.time + "." + String(repeating: "0", count: 3 - milliseconds.count) + milliseconds
    }

    /// Thousands separators in the whole part: `143250000.5` → `143,250,000.5`.
    func grouped(_ decimal: String) -> String { DecimalFormatter.grouped(decimal) }

    /// Columns count Hangul as two cells wide, as terminals draw them.
    func displayWidth(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) {
            $0 + ((0xAC00...0xD7A3).contains($1.value) || (0x1100...0x11FF).contains($1.value) ? 2 : 1)
        }
    }

    func pad(_ text: String, _ width: Int, width measure: ((String) -> Int)? = nil) -> String {
        let used = measure?(text) ?? text.count
        return text + String(repeating: " ", count: max(1, width - used))
    }

    func lpad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(1, width - text.count)) + text
    }
}
