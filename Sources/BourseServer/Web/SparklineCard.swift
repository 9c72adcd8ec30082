import BourseCore

/// The sparkline card of `/widget/{CODE}.svg`: a market's name, price, day change and recent closes, as
/// a small SVG that any page can embed with `<img>` (the home-screen widget one of the five apps had).
///
/// Pure: a ticker and closes in, SVG text out, so its output is tested without a server. Text is escaped;
/// colours follow the board's (rise red, fall blue).
enum SparklineCard {
    static let width = 320
    static let height = 120

    /// The card of `market` at `ticker`'s price, over `closes` (oldest first; fewer than two draws no line).
    static func svg(market: Market, ticker: TickerSnapshot?, closes: [Price]) -> String {
        let change = ticker?.change ?? .even
        let colour =
            switch change {
            case .rise: "#d24f45"
            case .fall: "#1261c4"
            case .even: "#6b7280"
            }
        let price = ticker.map { grouped($0.tradePrice.description) } ?? "–"
        let rate = ticker.map { percent($0.signedChangeRate) } ?? ""
        let name = escape(market.koreanName.isEmpty ? market.code.description : market.koreanName)
        let code = escape(market.code.description)
        let line = polyline(closes)
        let area =
            line.isEmpty ? "" : "<polygon points=\"12,108 \(line) 308,108\" fill=\"\(colour)\" fill-opacity=\"0.12\"/>"
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
            role="img" aria-label="\(name) \(code) \(escape(price)) \(escape(rate))">\
            <rect width="\(width)" height="\(height)" rx="12" fill="#ffffff" stroke="#e5e7eb"/>\
            <text x="16" y="28" font-family="sans-serif" font-size="15" font-weight="600" fill="#111827">\(name)</text>\
            <text x="304" y="28" font-family="sans-serif" font-size="12" fill="#6b7280" text-anchor="end">\(code)</text>\
            <text x="16" y="54" font-family="sans-serif" font-size="20" font-weight="700" fill="\(colour)">\(escape(price))</text>\
            <text x="304" y="54" font-family="sans-serif" font-size="14" fill="\(colour)" text-anchor="end">\(escape(rate))</text>\
            \(area)\
            \(line.isEmpty ? "" : "<polyline points=\"\(line)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\" stroke-linejoin=\"round\"/>")\
            </svg>
            """
    }

    /// Points of `closes` in the card's chart box (x 12...308, y 64...108), highest at the top.
    static func polyline(_ closes: [Price]) -> String {
        guard closes.count >= 2, let low = closes.map(\.units).min(), let high = closes.map(\.units).max() else {
            return ""
        }
        let span = Double(max(high - low, 1))
        return closes.enumerated().map { index, close in
            let x = 12 + 296 * Double(index) / Double(closes.count - 1)
            let y = high == low ? 86 : 108 - 44 * Double(close.units - low) / span
            return "\(rounded(x)),\(rounded(y))"
        }.joined(separator: " ")
    }

    /// `1234567.5` as `1,234,567.5`.
    static func grouped(_ decimal: String) -> String { DecimalFormatter.grouped(decimal) }

    /// A signed change rate as `+1.23%`.
    static func percent(_ rate: ChangeRate) -> String {
        let hundredths = (rate.units * 10_000 + (rate.units >= 0 ? 1 : -1) * ChangeRate.scale / 2) / ChangeRate.scale
        let sign = hundredths > 0 ? "+" : hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let cents = magnitude % 100
        return "\(sign)\(magnitude / 100).\(cents < 10 ? "0" : "")\(cents)%"
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    private static func rounded(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
