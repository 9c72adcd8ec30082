import BourseClient

extension BoardScreen {
    /// The widths of the board's columns at a screen width: the name takes what the numbers leave.
    struct Columns {
        let width: Int
        let code = 10
        let price = 15
        let rate = 9
        let change = 13
        let value = 9
        var showsCode: Bool { width >= 80 }
        var showsChange: Bool { width >= 100 }
        /// What the numbers leave, at most 24 cells (twelve Hangul syllables): wider only spreads the columns.
        var name: Int {
            let left =
                width - 2 - price - rate - value - 4 - (showsCode ? code + 1 : 0) - (showsChange ? change + 1 : 0)
            return max(6, min(24, left))
        }

        func heading(names: NameLanguage) -> String {
            var line = "  " + DisplayWidth.fit(names == .korean ? "이름" : "Name", name) + " "
            if showsCode { line += DisplayWidth.fit("Market", code) + " " }
            line += DisplayWidth.fit("Price", price, alignRight: true) + " "
            line += DisplayWidth.fit("Change", rate, alignRight: true) + " "
            if showsChange { line += DisplayWidth.fit("", change, alignRight: true) + " " }
            line += DisplayWidth.fit("24h value", value, alignRight: true)
            return DisplayWidth.fit(line, width)
        }

        func row(_ row: BoardRow, names: NameLanguage, selected: Bool, colour: Bool, flash: PriceChange?) -> String {
            let quote = row.market.quote
            let title = names == .korean ? row.market.koreanName : row.market.englishName
            var cells: [(text: String, colour: String?)] = [
                ((row.isFavourite ? "★" : " ") + " ", nil),
                (DisplayWidth.fit(title + (row.market.hasWarning ? " ⚠" : ""), name) + " ", nil),
            ]
            if showsCode { cells.append((DisplayWidth.fit(row.market.code, code) + " ", nil)) }
            guard let ticker = row.ticker else {
                cells.append((DisplayWidth.fit("-", price, alignRight: true), nil))
                return assemble(cells, selected: selected, colour: colour)
            }
            let tint = ANSI.colour(of: ticker.change)
            let flashed = flash.map { $0 == .rise ? "\u{1B}[41;97m" : $0 == .fall ? "\u{1B}[44;97m" : "" }
            cells.append(
                (
                    DisplayWidth.fit(NumberText.price(ticker.tradePrice, quote: quote), price, alignRight: true) + " ",
                    flashed ?? tint
                ))
            cells.append(
                (DisplayWidth.fit(NumberText.percent(ticker.signedChangeRate), rate, alignRight: true) + " ", tint))
            if showsChange {
                let sign = ticker.signedChangePrice > 0 ? "+" : ""
                let text = sign + NumberText.price(ticker.signedChangePrice, quote: quote, scale: ticker.tradePrice)
                cells.append((DisplayWidth.fit(text, change, alignRight: true) + " ", tint))
            }
            cells.append((DisplayWidth.fit(NumberText.compact(ticker.accTradePrice24h), value, alignRight: true), nil))
            return assemble(cells, selected: selected, colour: colour)
        }

        /// Joins the cells, painting them when `colour`, marking the selected row (reverse video, or `>` in
        /// plain text), and pads the line to the screen width.
        private func assemble(_ cells: [(text: String, colour: String?)], selected: Bool, colour: Bool) -> String {
            var plain = cells.map(\.text).joined()
            if selected && !colour { plain = ">" + plain.dropFirst() }
            guard DisplayWidth.cells(plain) <= width else { return DisplayWidth.fit(plain, width) }
            let padding = String(repeating: " ", count: max(0, width - DisplayWidth.cells(plain)))
            guard colour else { return plain + padding }
            let base = selected ? "\u{1B}[7m" : ""
            var line = base
            for cell in cells {
                if let tint = cell.colour { line += tint + cell.text + ANSI.reset + base } else { line += cell.text }
            }
            return line + padding + ANSI.reset
        }
    }
}
