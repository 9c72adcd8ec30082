/// The portfolio screen of `bourse portfolio`: the signed-in account's balances and open orders, the
/// market's trade tape with the user's own fills marked, the order being typed, and keys. Pure (golden-tested): a state and a size in, the lines to draw out.
public enum PortfolioScreen {
    /// The lines of one frame of `state` at `width` × `height`.
    public static func render(_ state: PortfolioState, width: Int, height: Int, colour: Bool) -> [String] {
        var lines: [String] = []
        let title =
            " Bourse portfolio · \(state.user) · new orders: \(state.market)" + (state.stale ? " · ⚠ not updated" : "")
        lines.append(DisplayWidth.fit(title, width))
        lines.append("")
        lines.append(DisplayWidth.fit(" Balances", width))
        lines.append(row(["Currency", "Available", "Locked", "Avg buy price"], width))
        if state.balances.isEmpty { lines.append(DisplayWidth.fit("   nothing yet: deposit KRW to trade", width)) }
        for balance in state.balances {
            lines.append(
                row(
                    [
                        balance.currency, NumberText.grouped(decimal: balance.balance),
                        NumberText.grouped(decimal: balance.locked),
                        NumberText.grouped(decimal: balance.avgBuyPrice),
                    ],
                    width))
        }
        lines.append("")
        lines.append(DisplayWidth.fit(" Open orders (↑ ↓ select, c cancels the selected one)", width))
        lines.append(row(["  Market", "Side", "Price", "Remaining"], width))
        if state.orders.isEmpty { lines.append(DisplayWidth.fit("   none", width)) }
        for (index, order) in state.orders.enumerated() {
            let marker = index == state.selected ? "> " : "  "
            let side = order.side == "bid" ? "Buy" : "Sell"
            var text = row(
                [
                    marker + order.market, side, NumberText.grouped(decimal: order.price ?? "market"),
                    NumberText.grouped(decimal: order.remainingVolume ?? "-"),
                ],
                width)
            if colour { text = ANSI.paint(text, order.side == "bid" ? ANSI.red : ANSI.blue) }
            lines.append(text)
        }
        var bottom: [String] = []
        if let entry = state.entry {
            let side = entry.side == .bid ? "Buy" : "Sell"
            let price = entry.field == .price ? "[\(entry.price)▏]" : "[\(entry.price)]"
            let volume = entry.field == .volume ? "[\(entry.volume)▏]" : "[\(entry.volume)]"
            var line = DisplayWidth.fit(" \(side) \(entry.market)  price \(price)  amount \(volume)", width)
            if colour { line = ANSI.paint(line, entry.side == .bid ? ANSI.red : ANSI.blue) }
            bottom.append(line)
            bottom.append(DisplayWidth.fit(" Enter places the limit order · Tab switches field · Esc cancels", width))
        }
        if let notice = state.notice {
            let line = DisplayWidth.fit(" " + (state.noticeIsError ? "⚠ " : "") + notice, width)
            bottom.append(colour && state.noticeIsError ? ANSI.paint(line, ANSI.red) : line)
        }
        bottom.append(DisplayWidth.fit("q quit  b buy  s sell  c cancel  r refresh", width))
        let room = max(0, height - bottom.count)
        // The tape takes what the lists leave; its heading (with any warning) stays however long the lists
        // are: they are cut instead.
        lines = Array(lines.prefix(max(0, room - 2)))
        lines.append("")
        let tapeTitle =
            "Trades in \(state.market) (KST) · ◀ marks yours"
            + (state.fillsTrouble.map { " · ⚠ own fills not followed: \($0)" } ?? "")
        let tapeCount = max(1, room - lines.count)
        let quote = state.market.split(separator: "-").first ?? "KRW"
        lines += TapeColumn.lines(
            state.trades, count: tapeCount, width: max(0, width - 1), quote: quote, colour: colour, title: tapeTitle,
            mine: { state.fills.side(of: $0) }
        ).map { " " + $0 }
        lines = Array(lines.prefix(room))
        while lines.count < room { lines.append(String(repeating: " ", count: max(0, width))) }
        return (lines + bottom).map { $0.isEmpty ? String(repeating: " ", count: max(0, width)) : $0 }
    }

    /// Columns of 14 cells, the first left-aligned, the others right-aligned.
    static func row(_ cells: [String], _ width: Int) -> String {
        let text = cells.enumerated().map { index, cell in
            index == 0 ? DisplayWidth.fit(cell, 14) : DisplayWidth.fit(cell, 18, alignRight: true)
        }.joined(separator: " ")
        return DisplayWidth.fit(" " + text, width)
    }
}
