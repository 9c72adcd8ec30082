import BourseClient

/// A candlestick chart in text: one column per candle (newest at the right), wicks `│` and bodies `█`
/// scaled to the visible range, rising candles red and falling blue, price labels on the right, the
/// cursor's column marked below with its candle's time, OHLC and volume.
enum CandleChart {
    static func lines(
        _ candles: [Candle], interval: CandleInterval, cursorBack: Int, width: Int, height: Int, quote: Substring,
        colour: Bool
    ) -> [String] {
        let labelWidth = 14
        let columns = max(1, width - labelWidth - 1)
        let plotHeight = max(2, height - 2)
        var lines = [DisplayWidth.fit(" Chart \(interval.label)", width)]
        guard !candles.isEmpty else {
            lines.append(DisplayWidth.fit("  no candles yet", width))
            while lines.count < height { lines.append(String(repeating: " ", count: width)) }
            return lines
        }
        // The window ends at the newest candle unless the cursor went further back than fits.
        let cursor = max(0, candles.count - 1 - cursorBack)
        let end = max(min(candles.count, cursor + 1), min(candles.count, max(columns, cursor + 1)))
        let shown = Array(candles[max(0, end - columns)..<end])
        let cursorColumn = cursor - max(0, end - columns)
        let high = shown.map(\.high).max() ?? 1
        let low = shown.map(\.low).min() ?? 0
        let span = max(high - low, high * 1e-9, 1e-12)
        func row(_ price: Double) -> Int {
            Int(((high - price) / span * Double(plotHeight - 1)).rounded())
        }
        var grid = Array(repeating: Array(repeating: " ", count: shown.count), count: plotHeight)
        var tints = Array(repeating: Array(repeating: String?.none, count: shown.count), count: plotHeight)
        for (column, candle) in shown.enumerated() {
            let top = row(candle.high)
            let bottom = row(candle.low)
            let bodyTop = row(max(candle.open, candle.close))
            let bodyBottom = row(min(candle.open, candle.close))
            let tint = candle.close > candle.open ? ANSI.red : candle.close < candle.open ? ANSI.blue : nil
            for index in top...bottom {
                grid[index][column] = (bodyTop...bodyBottom).contains(index) ? "█" : "│"
                tints[index][column] = tint
            }
        }
        for index in 0..<plotHeight {
            var line = ""
            for column in shown.indices {
                let cell = column == cursorColumn && grid[index][column] == " " ? "┊" : grid[index][column]
                line += colour ? ANSI.paint(cell, tints[index][column]) : cell
            }
            line += String(repeating: " ", count: columns - shown.count)
            let label: String
            switch index {
            case 0: label = NumberText.price(high, quote: quote)
            case plotHeight - 1: label = NumberText.price(low, quote: quote)
            case plotHeight / 2: label = NumberText.price((high + low) / 2, quote: quote)
            default: label = ""
            }
            lines.append(line + " " + DisplayWidth.fit(label, labelWidth))
        }
        let candle = shown[cursorColumn]
        let time = KST.text(milliseconds: candle.start, interval: interval)
        let info =
            " \(time) KST  O \(NumberText.price(candle.open, quote: quote))  H \(NumberText.price(candle.high, quote: quote))"
            + "  L \(NumberText.price(candle.low, quote: quote))  C \(NumberText.price(candle.close, quote: quote))"
            + "  V \(NumberText.grouped(candle.volume, decimals: 4))  \(NumberText.compact(candle.value))"
        // The marker sits under the cursor's column; the description goes right of it if it fits, else left.
        let infoCells = DisplayWidth.cells(info)
        if cursorColumn + 1 + infoCells <= width || cursorColumn < infoCells {
            lines.append(DisplayWidth.fit(String(repeating: " ", count: cursorColumn) + "▲" + info, width))
        } else {
            lines.append(
                DisplayWidth.fit(
                    String(repeating: " ", count: cursorColumn - infoCells) + info.dropFirst() + " ▲", width))
        }
        return lines
    }
}

/// Times as Korean screens show them: Korea Standard Time (UTC+9), no daylight saving.
enum KST {
    static func text(milliseconds: Int64, interval: CandleInterval) -> String {
        let shifted = milliseconds / 1_000 + 9 * 3_600
        let days = shifted >= 0 ? shifted / 86_400 : (shifted - 86_399) / 86_400
        let seconds = shifted - days * 86_400
        let (year, month, day) = CivilDate.date(ofDay: days)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let date = "\(year)-\(two(month))-\(two(day))"
        switch interval {
        case .day, .week, .month: return date
        case .minutes: return date + " \(two(seconds / 3_600)):\(two(seconds / 60 % 60))"
        }
    }
}
