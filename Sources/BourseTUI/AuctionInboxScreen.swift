import BourseClient

/// The signed-in user's notifications full screen (`i` in `bourse auctions`): a row per entry, newest
/// first, with its time (Korea), kind and words, unread ones marked; Enter opens an entry's item. Pure, like
/// the other screens.
public enum AuctionInboxScreen {
    /// The frame: exactly `height` lines (at least 6) of `width` cells (at least 30).
    public static func render(_ state: AuctionsState, width: Int, height: Int, colour: Bool) -> [String] {
        let width = max(width, 30)
        let height = max(height, 6)
        let inbox = state.inbox
        let unread = inbox.unread.map { $0 == 0 ? "all read" : "\($0) unread" } ?? "…"
        var lines = [DisplayWidth.fit(" Notifications · \(state.user ?? "") · \(unread)", width)]
        lines.append(String(repeating: " ", count: width))
        let rows = max(1, height - 5)
        if !inbox.loaded {
            lines.append(DisplayWidth.fit("  loading your notifications…", width))
        } else if inbox.entries.isEmpty {
            lines.append(
                DisplayWidth.fit("  Nothing yet: outbids, wins, sales and messages will be listed here.", width))
        } else {
            let top = max(0, min(inbox.selected - rows + 1, inbox.entries.count - rows))
            for (index, entry) in inbox.entries.enumerated().dropFirst(top).prefix(rows) {
                let marker = index == inbox.selected ? "▶" : " "
                let dot = entry.read ? " " : "•"
                let text =
                    " \(marker)\(dot) \(AuctionText.timeOfDay(entry.at))  \(DisplayWidth.fit(kind(entry.kind), 11)) "
                    + oneLine(entry.text)
                lines.append(DisplayWidth.fit(text, width))
            }
        }
        while lines.count < height - 2 { lines.append(String(repeating: " ", count: width)) }
        lines.append(AuctionStatusLine.render(state, width: width, colour: colour))
        lines.append(DisplayWidth.fit(" ↑↓ select  Enter open the item  r reload  Esc/i back  q quit", width))
        return lines
    }

    /// `text` with control characters (a line break in a title) as spaces: a row is one line.
    static func oneLine(_ text: String) -> String {
        String(
            String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }

    /// A kind's word for the row.
    static func kind(_ kind: String) -> String {
        switch kind {
        case "outbid": "outbid"
        case "won": "won"
        case "lost": "lost"
        case "sold": "sold"
        case "unsold": "unsold"
        case "reserve_met": "reserve met"
        case "extended": "extended"
        case "ending_soon": "ending soon"
        case "chat": "message"
        case "fill": "filled"
        default: kind
        }
    }
}
