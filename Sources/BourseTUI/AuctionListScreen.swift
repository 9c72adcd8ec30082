import BourseClient
public import Foundation

/// `bourse auctions`' list as lines of text: the order and page, a row per item (title, price, bids, the
/// countdown on the server's clock, reserve, buy now, state, the user's standing), the status line and the
/// keys. Pure: the same state and time give the same frame, which the golden tests check.
public enum AuctionListScreen {
    /// Rows the list has room for at `height` lines.
    public static func visibleRows(height: Int) -> Int { max(1, max(height, 6) - 4) }

    /// The frame at server time `now`: exactly `height` lines (at least 6) of `width` cells (at least 30).
    public static func render(_ state: AuctionsState, now: Date, width: Int, height: Int, colour: Bool) -> [String] {
        let width = max(width, 30)
        let height = max(height, 6)
        let list = state.list
        let count = list.total == 1 ? "1 item" : "\(list.total) items"
        var lines = [
            DisplayWidth.fit(
                " Bourse auctions · \(sortName(list.sort)) · page \(list.page)/\(list.pages) · \(count)", width)
        ]
        let columns = Columns(width: width, signedIn: state.user != nil)
        lines.append(columns.heading())
        let rows = visibleRows(height: height)
        if !list.loaded {
            lines.append(DisplayWidth.fit("  loading the auctions…", width))
        } else if list.items.isEmpty {
            lines.append(DisplayWidth.fit("  No open auctions on this page.", width))
        } else {
            let selected = list.selected?.id
            let top = max(0, min(list.top, max(0, list.items.count - rows)))
            for item in list.items[top..<min(list.items.count, top + rows)] {
                lines.append(
                    columns.row(
                        item, standing: state.standings[item.id], user: state.user, selected: item.id == selected,
                        now: now, colour: colour))
            }
        }
        while lines.count < height - 2 { lines.append(String(repeating: " ", count: width)) }
        lines.append(AuctionStatusLine.render(state, width: width, colour: colour))
        let inbox = state.user == nil ? "" : "  i inbox"
        lines.append(DisplayWidth.fit(" ↑↓ select  Enter open  ←→ page  s sort  r refresh\(inbox)  q quit", width))
        return lines
    }

    /// The order as the title line names it.
    static func sortName(_ sort: AuctionSort) -> String {
        switch sort {
        case .ending: "ending soonest"
        case .newest: "newest"
        case .price: "highest price"
        case .bids: "most bids"
        }
    }
}
