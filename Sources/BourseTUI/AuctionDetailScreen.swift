import BourseClient
public import Foundation

/// One item full screen: its price and countdown, reserve and buy now, the minimum next bid, where the user
/// stands, the bid history newest first, and the line where a maximum is typed. Pure, like the list.
public enum AuctionDetailScreen {
    /// The frame at server time `now`: exactly `height` lines (at least 12) of `width` cells (at least 30).
    /// An item still loading (`--item ID`) says so; without an open item it is the list's frame.
    public static func render(_ state: AuctionsState, now: Date, width: Int, height: Int, colour: Bool) -> [String] {
        let width = max(width, 30)
        let height = max(height, 12)
        guard let detail = state.detail else {
            guard case .detail(let id) = state.screen else {
                return AuctionListScreen.render(state, now: now, width: width, height: height, colour: colour)
            }
            let blank = String(repeating: " ", count: width)
            return [DisplayWidth.fit(" loading item #\(id)…", width)] + Array(repeating: blank, count: height - 3)
                + [
                    AuctionStatusLine.render(state, width: width, colour: colour),
                    DisplayWidth.fit(" Esc back  q quit", width),
                ]
        }
        let item = detail.item
        var lines = [DisplayWidth.fit(" \(item.title)  #\(item.id) · \(item.category) · sold by \(item.seller)", width)]
        lines.append(String(repeating: " ", count: width))
        let fields = Fields(item: item, state: state, now: now, colour: colour)
        for (label, value, tint) in fields.rows {
            let prefix = "  " + DisplayWidth.fit(label, 10) + " "
            let text = prefix + (colour ? tint.map { $0 + value + ANSI.reset } ?? value : value)
            let padding = String(repeating: " ", count: max(0, width - DisplayWidth.cells(text)))
            lines.append(DisplayWidth.clip(text + padding, width))
        }
        if !item.description.isEmpty { lines.append(DisplayWidth.fit("  " + item.description, width)) }
        lines.append(String(repeating: " ", count: width))
        let room = height - 3 - lines.count
        // With the thread loaded, the history keeps at least half the room and the questions get the rest.
        let historyRoom = detail.chatLoaded ? max(2, min(detail.history.count + 1, room / 2)) : room
        lines += history(detail, room: historyRoom, width: width)
        if detail.chatLoaded {
            lines += chat(
                detail, user: state.user, receipts: state.receipts[detail.room] ?? [:], room: height - 3 - lines.count,
                width: width)
        }
        while lines.count < height - 3 { lines.append(String(repeating: " ", count: width)) }
        lines = Array(lines.prefix(height - 3))
        lines.append(inputLine(detail, width: width, colour: colour))
        lines.append(AuctionStatusLine.render(state, width: width, colour: colour))
        lines.append(
            DisplayWidth.fit(keys(detail.input, live: item.state == .live, signedIn: state.user != nil), width))
        return lines
    }

    /// The history's heading and rows, newest first, in `room` lines; the last says how many did not fit.
    static func history(_ detail: AuctionDetailState, room: Int, width: Int) -> [String] {
        guard room > 0 else { return [] }
        let count = detail.history.count
        let heading =
            !detail.historyLoaded
            ? "  Bid history: loading…"
            : count == 0 ? "  Bid history: no bids yet" : "  Bid history (\(count), newest first, KST)"
        var lines = [DisplayWidth.fit(heading, width)]
        let shown = count > room - 1 ? max(0, room - 2) : count
        for bid in detail.history.prefix(shown) {
            let text =
                "  " + DisplayWidth.fit(bid.bidder, 10) + " "
                + DisplayWidth.fit(AuctionText.won(bid.price), 12, alignRight: true)
                + "  " + AuctionText.timeOfDay(bid.time) + "  " + (bid.leading ? "took the lead" : "below the leader")
            lines.append(DisplayWidth.fit(text, width))
        }
        if shown < count, room >= 2 { lines.append(DisplayWidth.fit("  … \(count - shown) earlier", width)) }
        return Array(lines.prefix(room))
    }

    /// The room's heading and messages, newest first, in `room` lines. In a private room, the user's newest
    /// message the other side has read is marked "✓ seen".
    static func chat(
        _ detail: AuctionDetailState, user: String?, receipts: [String: Int64], room: Int, width: Int
    ) -> [String] {
        guard room > 0 else { return [] }
        var lines = [DisplayWidth.fit(heading(detail, user: user), width)]
        let seen = user.flatMap { detail.seenMessage(by: $0, receipts: receipts) }
        for message in detail.chat.prefix(room - 1) {
            let who = message.fromSeller ? "\(message.from) (seller)" : message.from
            let text =
                message.deleted
                ? "(deleted)"
                : message.hidden ? "(hidden: you blocked them)" : message.text.replacingOccurrences(of: "\n", with: " ")
            let line = "  " + AuctionText.timeOfDay(message.at) + "  " + who + ": " + text
            guard message.id == seen else {
                lines.append(DisplayWidth.fit(line, width))
                continue
            }
            // The mark stays in view however long the message: the words give way to it.
            let mark = "  ✓ seen"
            lines.append(
                DisplayWidth.fit(DisplayWidth.fit(line, max(0, width - DisplayWidth.cells(mark))) + mark, width))
        }
        return Array(lines.prefix(room))
    }

    /// What the chat part is: the item's questions, or a private room and who with.
    static func heading(_ detail: AuctionDetailState, user: String?) -> String {
        let count = detail.chat.count
        guard detail.isPrivate, let buyer = AuctionDetailState.buyer(of: detail.room, item: detail.item.id) else {
            return count == 0
                ? "  Questions: none yet (c to ask)" : "  Questions (latest \(count), newest first, KST; c to ask)"
        }
        let (other, next) = user == buyer ? ("the seller, \(detail.item.seller)", "questions") : (buyer, "next room")
        return count == 0
            ? "  Private room with \(other): no messages yet (c to write, p \(next))"
            : "  Private room with \(other) (latest \(count), newest first, KST; c to write, p \(next))"
    }

    static func inputLine(_ detail: AuctionDetailState, width: Int, colour: Bool) -> String {
        switch detail.input {
        case .none:
            return String(repeating: " ", count: width)
        case .message(let text, let problem):
            // The end of a long message, so the cursor stays in view.
            let room = max(10, width - 14 - (problem.map { DisplayWidth.cells($0) + 4 } ?? 0))
            var shown = text
            while DisplayWidth.cells(shown) > room { shown.removeFirst() }
            let line = " Message: " + shown + "▏"
            guard let problem else { return DisplayWidth.fit(line, width) }
            let warning = "⚠ " + problem
            let padding = String(repeating: " ", count: max(0, width - DisplayWidth.cells(line + "  " + warning)))
            return DisplayWidth.clip(
                line + "  " + (colour ? ANSI.red + warning + ANSI.reset : warning) + padding, width)
        case .confirmBuyNow(let price):
            return DisplayWidth.fit(" Buy now for \(AuctionText.won(price)) KRW? y/n", width)
        case .maximum(let text, let problem):
            var line = " Your maximum: \(text)▏"
            if let value = Int64(text) { line += " = \(AuctionText.won(Won(value))) KRW" }
            guard let problem else {
                let minimum = detail.item.minimumBid.map { "   (at least \(AuctionText.won($0)))" } ?? ""
                return DisplayWidth.fit(line + minimum, width)
            }
            let warning = "⚠ " + problem
            let padding = String(repeating: " ", count: max(0, width - DisplayWidth.cells(line + "  " + warning)))
            return DisplayWidth.clip(
                line + "  " + (colour ? ANSI.red + warning + ANSI.reset : warning) + padding, width)
        }
    }

    static func keys(_ input: AuctionDetailState.Input, live: Bool, signedIn: Bool) -> String {
        let inbox = signedIn ? "  i inbox" : ""
        switch input {
        case .none:
            // A signed-in user's line has `p` and `i`, and leaves out `r` (the screen is live anyway, and `r`
            // still works) so that `q` fits in 80 columns (60 for an ended item).
            let more = signedIn ? "  p private  w watch\(inbox)" : "  w watch  r refresh"
            return live ? " b bid  n buy now  c ask\(more)  Esc back  q quit" : " c ask\(more)  Esc back  q quit"
        case .maximum: return " 0-9 type your maximum  Backspace erase  Enter bid  Esc cancel"
        case .confirmBuyNow: return " y buy now  any other key cancels"
        case .message: return " type your message  Backspace erase  Enter send  Esc cancel"
        }
    }
}
