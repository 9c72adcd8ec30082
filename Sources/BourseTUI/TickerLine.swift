public import BourseClient

/// `bourse ticker`'s line: one market's price, change and traded value in a line short enough for a
/// status bar, coloured as Korean screens colour them (rise red, fall blue) when asked.
public enum TickerLine {
    /// The line for `ticker` (`KRW-BTC 140,000,000 ▲ +1.23% +1,700,000 24h 123.4B`), with ANSI colours if
    /// `colour`.
    public static func render(_ ticker: TickerUpdate, colour: Bool) -> String {
        let quote = ticker.code.prefix { $0 != "-" }
        let arrow =
            switch ticker.change {
            case .rise: "▲"
            case .fall: "▼"
            case .even: "-"
            }
        let change = ticker.signedChangePrice > 0 ? "+" : ""
        let moving =
            "\(NumberText.price(ticker.tradePrice, quote: quote)) \(arrow) "
            + "\(NumberText.percent(ticker.signedChangeRate)) "
            + "\(change)\(NumberText.price(ticker.signedChangePrice, quote: quote, scale: ticker.tradePrice))"
        let painted = colour ? ANSI.paint(moving, ANSI.colour(of: ticker.change)) : moving
        return "\(ticker.code) \(painted) 24h \(NumberText.compact(ticker.accTradePrice24h))"
    }
}
