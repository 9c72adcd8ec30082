public import BourseClient

/// The full-screen board as lines of text: tabs and connection, sort and search, column headings, the
/// rows, and a key hint. Pure: the same input gives the same frame, which is what the golden tests check.
public enum BoardScreen {
    /// Rows the screen has room for at `height` lines.
    public static func visibleRows(height: Int) -> Int { max(1, height - 4) }

    /// The frame: exactly `height` lines, each exactly `width` cells. `flashes` are the rows whose price
    /// just moved (drawn with a background for a moment).
    public static func render(
        rows: [BoardRow], settings: BoardSettings, state: BoardScreenState, width: Int, height: Int,
        colour: Bool, flashes: [String: PriceChange] = [:]
    ) -> [String] {
        let width = max(width, 20)
        let height = max(height, 5)
        var lines = [titleLine(settings, state, width: width, colour: colour)]
        lines.append(statusLine(rows.count, settings, state, width: width))
        let columns = Columns(width: width)
        lines.append(
            state.alerts.listing && !state.showsHelp
                ? alertHeading(state.alerts, width: width) : columns.heading(names: settings.names))
        let count = visibleRows(height: height)
        if state.showsHelp {
            lines += help.prefix(count).map { DisplayWidth.fit($0, width) }
        } else if state.alerts.listing {
            lines += alertList(state.alerts, count: count, width: width, colour: colour)
        } else if rows.isEmpty {
            let empty =
                settings.tab == .favourites && settings.query.isEmpty
                ? "No favourites yet: select a market on another tab and press f."
                : "No market matches."
            lines.append(DisplayWidth.fit("  " + empty, width))
        } else {
            let selected = state.selection(in: rows)
            let top = max(0, min(state.top, max(0, rows.count - count)))
            for row in rows[top..<min(rows.count, top + count)] {
                lines.append(
                    columns.row(
                        row, names: settings.names, selected: row.id == selected, colour: colour,
                        flash: flashes[row.id]))
            }
        }
        while lines.count < height - 1 { lines.append(String(repeating: " ", count: width)) }
        lines.append(
            DisplayWidth.fit(
                "q quit  ? help  ⏎ open  1-4 tabs  p c v n sort  / search  f favourite  a alert  A alerts  e names  "
                    + "s stable  l liquidity",
                width))
        return lines
    }

    static let help = [
        "",
        "  1 2 3 4   KRW, BTC, USDT and favourites tabs (Tab cycles)",
        "  p c v n   sort by price, change, 24 h value or name: again reverses, a third time turns it off",
        "  /         search by symbol, English or Korean name, 초성 (ㅂㅌ) or Korean typed in English (qlxm)",
        "            Enter keeps the search, Esc clears it",
        "  f         mark or unmark the selected market as a favourite (kept between runs)",
        "  e         Korean or English names",
        "  s         stable order: rows stay put while prices move; r re-sorts",
        "  l         liquidity filter: hide markets below 100M, 1B or 10B of 24 h value",
        "  ↑ ↓ j k   select; PgUp PgDn Home End",
        "  Enter     open the selected market: order book, trades and chart (q there comes back here)",
        "  a         set an alert on the selected market: a price, Tab for a change in % or a 24 h value (--user)",
        "  A         your alerts, waiting and fired; x twice deletes the selected one",
        "  ?         this help; Esc closes it",
        "  q         quit",
        "",
        "  Rises are red and falls blue, as Korean exchanges show them; a price flashes when it moves.",
    ]

    private static func titleLine(
        _ settings: BoardSettings, _ state: BoardScreenState, width: Int, colour: Bool
    )
        -> String
    {
        let tabs: [(QuoteTab, String)] = [(.krw, "KRW"), (.btc, "BTC"), (.usdt, "USDT"), (.favourites, "★")]
        var plain = " Bourse "
        var painted = plain
        for (tab, label) in tabs {
            let shown = tab == settings.tab ? "[\(label)]" : " \(label) "
            plain += shown + " "
            painted += (tab == settings.tab && colour ? "\u{1B}[7m" + shown + ANSI.reset : shown) + " "
        }
        let connection = connectionText(state.connection, reconnects: state.reconnects)
        let gap = max(1, width - DisplayWidth.cells(plain) - DisplayWidth.cells(connection))
        let line = painted + String(repeating: " ", count: gap) + connection
        return DisplayWidth.cells(plain) + DisplayWidth.cells(connection) < width
            ? line : DisplayWidth.fit(plain, width)
    }

    /// The corner indicator: live, connecting, reconnecting (in how long), paused, idle or refused by the
    /// server (with the error's name), and the reconnects.
    static func connectionText(_ connection: MarketStream.ConnectionState, reconnects count: Int) -> String {
        let reconnects = count > 0 ? " ↻\(count)" : ""
        switch connection {
        case .connected: return "● live" + reconnects + " "
        case .refused(let error): return "⚠ server: \(error.name)" + reconnects + " "
        case .idle: return "○ idle "
        case .failed: return "✕ stream failed "
        case .connecting(let attempt): return (attempt > 1 ? "◌ connecting (\(attempt))" : "◌ connecting") + " "
        case .waiting(let delay, _):
            let tenths = delay.components.seconds * 10 + delay.components.attoseconds / 100_000_000_000_000_000
            return "◌ reconnecting in \(tenths / 10).\(tenths % 10) s" + reconnects + " "
        case .paused: return "‖ paused "
        }
    }

    private static func statusLine(
        _ count: Int, _ settings: BoardSettings, _ state: BoardScreenState, width: Int
    )
        -> String
    {
        if state.isSearching { return DisplayWidth.fit(" / " + settings.query + "▏  (Enter keeps, Esc clears)", width) }
        if let entry = state.alerts.entry {
            let others = BoardAlerts.Kind.allCases.filter { $0 != entry.kind }.map(\.rawValue).joined(separator: ", ")
            return DisplayWidth.fit(
                " alert on \(entry.market) · \(entry.kind.rawValue): \(entry.text)▏  (Tab: \(others); Enter sets, Esc cancels)",
                width)
        }
        if case .refused(let error) = state.connection {
            return DisplayWidth.fit(" ⚠ the server refused the subscription: \(error.name) \(error.message)", width)
        }
        if case .failed(let reason) = state.connection { return DisplayWidth.fit(" ✕ \(reason)", width) }
        if let message = state.alerts.message { return DisplayWidth.fit(" ✉ " + message, width) }
        var parts: [String] = []
        if let sort = settings.sort {
            let names: [BoardSortKey: String] = [
                .price: "price", .changeRate: "change", .tradedValue: "24h value", .name: "name",
            ]
            parts.append("sort: \(names[sort.key] ?? "") \(sort.direction == .descending ? "▼" : "▲")")
        } else {
            parts.append("sort: listing")
        }
        if !settings.query.isEmpty { parts.append("search: \(settings.query)") }
        if settings.minimumTradedValue > 0 {
            parts.append("24h value ≥ \(NumberText.compact(settings.minimumTradedValue))")
        }
        if settings.stableOrder { parts.append("stable order") }
        parts.append("\(count) market\(count == 1 ? "" : "s")")
        return DisplayWidth.fit(" " + parts.joined(separator: " · "), width)
    }

    /// The list's heading, in place of the columns'.
    static func alertHeading(_ alerts: BoardAlerts, width: Int) -> String {
        let active = alerts.alerts.count { $0.isActive }
        return DisplayWidth.fit(
            " Your alerts: \(active) waiting of \(alerts.alerts.count)  (↑ ↓ select, x x delete, Esc back)", width)
    }

    /// The user's alerts in place of the rows, one line each (the selected one marked).
    static func alertList(_ alerts: BoardAlerts, count: Int, width: Int, colour: Bool) -> [String] {
        guard !alerts.alerts.isEmpty else {
            return [DisplayWidth.fit("  No alerts yet: select a market and press a.", width)]
        }
        let states = ["active": "waiting", "fired": "fired  ", "expired": "expired"]
        var lines: [String] = []
        let top = max(0, min(alerts.selected - (count - 1), alerts.alerts.count - count))
        for (index, alert) in alerts.alerts.enumerated().dropFirst(top).prefix(count) {
            let subject = alert.market ?? alert.item.map { "item \($0)" } ?? ""
            let marker = index == alerts.selected ? "▶" : " "
            let line = DisplayWidth.fit(
                " \(marker) \(states[alert.state] ?? alert.state)  \(subject)  \(alert.text)", width)
            lines.append(index == alerts.selected && colour ? "\u{1B}[7m" + line + ANSI.reset : line)
        }
        return lines
    }
}
