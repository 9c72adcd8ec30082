import BourseClient
import Foundation

extension AuctionListScreen {
    /// The list's columns at a screen width: title, price and countdown always; bids, reserve, state, the
    /// user's standing and buy now as the width allows; the title takes what the numbers leave.
    struct Columns {
        let width: Int
        let signedIn: Bool
        let price = 12
        let bids = 5
        let ends = 9
        let reserve = 8
        let state = 9
        let you = 8
        let buyNow = 11
        var showsBids: Bool { width >= 60 }
        var showsReserve: Bool { width >= 72 }
        var showsState: Bool { width >= 88 }
        var showsYou: Bool { signedIn && width >= 88 }
        var showsBuyNow: Bool { width >= 100 }
        /// What the other columns leave, at most 40 cells (twenty Hangul syllables).
        var title: Int {
            var used = 2 + price + 1 + ends
            if showsBids { used += bids + 1 }
            if showsReserve { used += reserve + 2 }
            if showsBuyNow { used += buyNow + 1 }
            if showsState { used += state + 1 }
            if showsYou { used += you + 1 }
            return max(6, min(40, width - used - 1))
        }

        func heading() -> String {
            var line =
                "  " + DisplayWidth.fit("Title", title) + " " + DisplayWidth.fit("Price", price, alignRight: true)
            if showsBids { line += " " + DisplayWidth.fit("Bids", bids, alignRight: true) }
            line += " " + DisplayWidth.fit("Ends in", ends, alignRight: true)
            if showsReserve { line += "  " + DisplayWidth.fit("Reserve", reserve) }
            if showsBuyNow { line += " " + DisplayWidth.fit("Buy now", buyNow, alignRight: true) }
            if showsState { line += " " + DisplayWidth.fit("State", state) }
            if showsYou { line += " " + DisplayWidth.fit("You", you) }
            return DisplayWidth.fit(line, width)
        }

        func row(
            _ item: AuctionItem, standing: AuctionsState.Standing?, user: String?, selected: Bool, now: Date,
            colour: Bool
        ) -> String {
            var cells: [(text: String, tint: String?)] = [
                ((selected && !colour ? ">" : " ") + " " + DisplayWidth.fit(item.title, title) + " ", nil),
                (DisplayWidth.fit(AuctionText.won(item.price), price, alignRight: true), nil),
            ]
            if showsBids { cells.append((" " + DisplayWidth.fit(String(item.bidCount), bids, alignRight: true), nil)) }
            let clock = AuctionText.clock(item, now: now)
            let shown = AuctionText.marked(clock.text, clock.urgency, colour: colour)
            cells.append(
                (" " + DisplayWidth.fit(shown, ends, alignRight: true), colour ? AuctionText.tint(clock.urgency) : nil))
            if showsReserve {
                let text = AuctionText.reserve(item.reserve)
                cells.append(
                    ("  " + DisplayWidth.fit(text, reserve), item.reserve == .notMet && colour ? ANSI.blue : nil))
            }
            if showsBuyNow {
                let text = item.buyNowPrice.map(AuctionText.won) ?? "-"
                cells.append((" " + DisplayWidth.fit(text, buyNow, alignRight: true), nil))
            }
            if showsState { cells.append((" " + DisplayWidth.fit(item.state.rawValue, state), nil)) }
            if showsYou {
                let text =
                    item.seller == user ? "yours" : standing.map { $0.leading ? "leading" : "outbid" } ?? ""
                let tint = standing.map { $0.leading ? "\u{1B}[32m" : ANSI.red }
                cells.append((" " + DisplayWidth.fit(text, you), colour && item.seller != user ? tint : nil))
            }
            return assemble(cells, selected: selected, colour: colour)
        }

        /// Joins the cells, painting them when `colour` (the selected row in reverse video), padded to the
        /// screen width.
        private func assemble(_ cells: [(text: String, tint: String?)], selected: Bool, colour: Bool) -> String {
            let plain = cells.map(\.text).joined()
            guard DisplayWidth.cells(plain) <= width else { return DisplayWidth.fit(plain, width) }
            let padding = String(repeating: " ", count: width - DisplayWidth.cells(plain))
            guard colour else { return plain + padding }
            let base = selected ? "\u{1B}[7m" : ""
            var line = base
            for cell in cells {
                if let tint = cell.tint { line += tint + cell.text + ANSI.reset + base } else { line += cell.text }
            }
            return line + padding + (base.isEmpty ? "" : ANSI.reset)
        }
    }
}
