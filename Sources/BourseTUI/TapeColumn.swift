import BourseClient

/// The trade tape: time (KST), price coloured by the taker's side, volume; newest on top. A trade of the
/// user's own (`mine`) ends in `◀ you bought` or `◀ you sold` (`◀` alone where that does not fit), so it
/// reads the same with colours off.
enum TapeColumn {
    static func lines(
        _ trades: [TradeUpdate], count: Int, width: Int, quote: Substring, colour: Bool,
        title: String = "Trades (KST)", mine: (TradeUpdate) -> OrderSide? = { _ in nil }
    ) -> [String] {
        var lines = [DisplayWidth.fit(title, width)]
        for trade in trades.prefix(max(0, count - 1)) {
            let seconds = ((trade.time / 1_000 + 9 * 3_600) % 86_400 + 86_400) % 86_400
            func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
            let time = "\(two(seconds / 3_600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
            let price = DisplayWidth.fit(NumberText.price(trade.price, quote: quote), 14, alignRight: true)
            let volume = NumberText.grouped(trade.volume, decimals: 8)
            let tint = trade.isSell ? ANSI.blue : ANSI.red
            var text = time + " " + (colour ? ANSI.paint(price, tint) : price) + " " + volume
            if let side = mine(trade) {
                let long = side == .bid ? " ◀ you bought" : " ◀ you sold"
                let room = width - DisplayWidth.cells(text)
                text += room >= DisplayWidth.cells(long) ? long : room >= 2 ? " ◀" : ""
            }
            lines.append(
                DisplayWidth.cells(text) <= width
                    ? text + String(repeating: " ", count: width - DisplayWidth.cells(text))
                    : DisplayWidth.fit(time, width))
        }
        while lines.count < count { lines.append(String(repeating: " ", count: width)) }
        return lines
    }
}
