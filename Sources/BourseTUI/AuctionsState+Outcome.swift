import BourseClient

extension AuctionsState {
    /// `shown` with `incoming` merged in by id, newest first: a message deleted in either stays deleted (a
    /// deletion carries no author or time, so the shown message keeps its own).
    static func merged(_ shown: [ChatMessage], _ incoming: [ChatMessage]) -> [ChatMessage] {
        var byID = Dictionary(shown.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for message in incoming {
            if var known = byID[message.id] {
                if message.deleted {
                    known.deleted = true
                    known.text = ""
                }
                byID[message.id] = known
            } else if !message.deleted || !message.from.isEmpty {
                byID[message.id] = message
            }
        }
        return byID.values.sorted { $0.seq > $1.seq }
    }

    /// Takes what the shell learnt; returns what it should do next (a page that ran past the end, because
    /// items ended meanwhile, asks for the last page).
    @discardableResult
    public mutating func apply(_ outcome: AuctionOutcome, visibleRows: Int) -> [AuctionAction] {
        switch outcome {
        case .page(let page, let sort):
            if !streamed { connection = .live }
            list.take(page, sort: sort, visibleRows: visibleRows)
            if sort == list.sort, page.items.isEmpty, list.page > 1, list.page > page.pages {
                list.page = max(1, page.pages)
                return [.showList(page: list.page, sort: list.sort)]
            }
        case .item(let item, let history):
            if !streamed { connection = .live }
            guard screen == .detail(item.id) else { return [] }
            var detail = self.detail ?? AuctionDetailState(item: item, room: openingRoom)
            // Answers can cross: never let an older copy replace a newer one.
            if item.seq >= detail.item.seq {
                detail.item = item
                detail.history = history
                detail.historyLoaded = true
            }
            self.detail = detail
        case .myBids(let bids):
            standings = Dictionary(
                bids.map { ($0.item.id, Standing(leading: $0.leading, yourMax: $0.yourMax)) },
                uniquingKeysWith: { first, _ in first })
        case .watchlist(let ids):
            watching = Set(ids)
        case .bid(let receipt):
            pending = nil
            standings[receipt.item] = Standing(
                leading: receipt.leading, yourMax: receipt.leading ? receipt.yourMax : nil)
            let price = AuctionText.won(receipt.price)
            notice = .info(
                receipt.leading
                    ? "bid accepted: you lead at \(price) with your maximum \(AuctionText.won(receipt.yourMax))"
                    : "bid accepted but outbid at once: another maximum is higher; the price is now \(price)")
        case .bought(let purchase):
            pending = nil
            notice = .info("bought for \(AuctionText.won(purchase.price)): the sale is yours")
        case .watched(let item, let status):
            pending = nil
            if status.watching { watching.insert(item) } else { watching.remove(item) }
            notice = .info(
                (status.watching ? "watching" : "not watching") + " (\(status.watchers) watching in all)")
        case .chat(let room, let messages):
            // Merged, not replaced: a message that came live while this read was on its way stays.
            return take(messages, room: room)
        case .roomFailed(let room, let error):
            return roomFailed(room, error)
        case .read(let receipt):
            take(receipt)
        case .readNotMarked(let room, let id):
            readNotMarked(room: room, messageID: id)
        case .posted(let message):
            pending = nil
            notice = .info(message.room.hasPrefix("dm:") ? "sent to the private room" : "sent to the item's questions")
            return take([message], room: message.room)
        case .said(let message):
            return take([message], room: message.room)
        case .refreshFailed(let error):
            if error.name == nil, streamed {
                notice = .problem("refresh failed: " + error.message)
            } else if error.name == nil {
                connection = .unreachable(error.message)
            } else {
                notice = .refused(name: error.name ?? "", message: error.message)
            }
        case .actionFailed(_, let error):
            pending = nil
            if let name = error.name {
                notice = .refused(name: name, message: error.message)
            } else {
                notice = .problem(error.message)
            }
        case .event(let event):
            apply(event)
        case .connection(let state):
            streamed = true
            connection = Connection(state)
            // Receipts sent while the socket was away may be lost: the next read of the room sends one again.
            if case .connected = state { detail?.markedRead = 0 }
        case .notifications(let page):
            inbox.take(page)
        case .notification(let update):
            inbox.take(update)
            // Told on the status line wherever the user is; the inbox screen shows it in its list.
            if case .added(let notification, _) = update, screen != .inbox {
                notice = .info("✉ " + AuctionInboxScreen.oneLine(notification.text))
            }
        }
        return []
    }
}
