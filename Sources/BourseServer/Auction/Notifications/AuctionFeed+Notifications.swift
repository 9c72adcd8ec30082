import BourseCore
import BourseStore

// What the auction events put in people's inboxes (issue #19): the socket tells whoever is looking; these
// stay for whoever was not.
extension AuctionFeed {
    /// The inbox entries of `events`: `outbid` to the outbid bidder; at the end `won` to the winner, `sold`
    /// (or `unsold`) to the seller and `lost` to every other bidder; `reserve_met` to the seller and the
    /// watchers; `extended` to the watchers, the first time an item is extended. (Exchange fills:
    /// ``fillNotifications(_:at:)``.)
    ///
    /// In a storm one commit outbids the same bidder on the same item many times; only the last of those
    /// (the price they now face) is kept.
    func notifications(for events: [AuctionEvent], at now: Timestamp) -> [StoredNotification] {
        var notifications: [StoredNotification] = []
        var lastOutbid: [OutbidKey: Int] = [:]
        for (index, event) in events.enumerated() {
            if case .outbid(let outbid) = event {
                lastOutbid[OutbidKey(account: outbid.account, item: outbid.item)] = index
            }
        }
        var listings: [ItemID: ItemListing?] = [:]
        for (index, event) in events.enumerated() {
            if case .ended = event { forgetNotified(event.item) }
            switch event {
            case .cancelled(let item, _):
                forgetNotified(item)
                continue
            case .listed, .rejected, .started, .bidAccepted: continue
            case .outbid(let outbid) where lastOutbid[OutbidKey(account: outbid.account, item: outbid.item)] != index:
                continue
            case .outbid, .ended, .reserveMet, .extended: break
            }
            let item = event.item
            if listings[item] == nil { listings[item] = catalog.listing(item) }
            let listing = listings[item] ?? nil
            let title = NotificationJSON.title(listing?.title, item)
            func note(_ account: AccountID, _ kind: String, _ text: String) {
                notifications.append(StoredNotification(account: account, kind: kind, item: item, text: text, at: now))
            }
            switch event {
            case .outbid(let outbid):
                note(
                    outbid.account, "outbid",
                    "You were outbid on \(title): the price is \(NotificationJSON.won(outbid.price)), "
                        + "above your maximum of \(NotificationJSON.won(outbid.maximum)).")
            case .ended(let ended):
                let price = NotificationJSON.won(ended.price)
                let bidders = state.withLock { Array(($0.aliases[item] ?? [:]).keys) }
                if ended.state == .sold, let winner = ended.leader {
                    note(winner, "won", "You won \(title) for \(price).")
                    note(ended.seller, "sold", "\(title) sold for \(price).")
                } else {
                    note(ended.seller, "unsold", "\(title) ended unsold: the reserve was not met.")
                }
                for bidder in bidders where bidder != ended.leader || ended.state != .sold {
                    note(
                        bidder, "lost",
                        ended.state == .sold
                            ? "\(title) sold to another bidder for \(price)." : "\(title) ended without a sale.")
                }
            case .reserveMet:
                if let seller = listing?.seller {
                    note(seller, "reserve_met", "The reserve of \(title) is met: it will sell.")
                }
                for watcher in catalog.watchers(of: item) where watcher != listing?.seller {
                    note(watcher, "reserve_met", "The reserve of \(title) is met.")
                }
            case .extended:
                // A soft-close fight extends an item every few seconds; a watcher wants to hear that it
                // started, not each round (the item's page and socket show the rest).
                guard state.withLock({ $0.extensionNotified.insert(item).inserted }) else { continue }
                for watcher in catalog.watchers(of: item) {
                    note(watcher, "extended", "\(title) went into extra time: late bids now extend its end.")
                }
            case .listed, .rejected, .started, .bidAccepted, .cancelled:
                continue
            }
        }
        return notifications
    }

    /// `fill` to the owners of orders that `filled` completely (exchange orders: the inbox is the user's, not
    /// only the auction house's). The demo's traders fill many a second and have no inbox: those the notifier
    /// knows cannot sign in are skipped here, before any words are made for them.
    func fillNotifications(_ filled: [OrderDone], at now: Timestamp) -> [StoredNotification] {
        filled.compactMap { done in
            guard !notifier.isKnownNonUser(done.account) else { return nil }
            return StoredNotification(
                account: done.account, kind: "fill", text: "Your order on \(done.market) was filled.", at: now)
        }
    }

    /// Forgets what the watchers of a finished item were told (the sets would otherwise grow with every sale).
    private func forgetNotified(_ item: ItemID) {
        state.withLock { state in
            state.extensionNotified.remove(item)
            state.endingSoonNotified.remove(item)
        }
    }

    /// A bidder on an item: whose outbid notices of one commit collapse into its last.
    struct OutbidKey: Hashable {
        var account: AccountID
        var item: ItemID
    }

    /// `ending_soon` to the watchers of `item`, the first time its end comes within `seconds`.
    func endingSoonNotifications(_ item: AuctionItem, seconds: Int64, at now: Timestamp) -> [StoredNotification] {
        let first = state.withLock { state in state.endingSoonNotified.insert(item.id).inserted }
        guard first else { return [] }
        let title = NotificationJSON.title(catalog.listing(item.id)?.title, item.id)
        let minutes = max(1, seconds / 60)
        return catalog.watchers(of: item.id).map { watcher in
            StoredNotification(
                account: watcher, kind: "ending_soon", item: item.id,
                text: "\(title) ends in \(minutes) minute\(minutes == 1 ? "" : "s").", at: now)
        }
    }

    /// Whether a connection signed in as `account` joined `room` (a chat message there needs no inbox entry).
    func isInRoom(_ account: AccountID, _ room: String) -> Bool {
        state.withLock { state in
            state.members[room]?.keys.contains { state.subscribers[$0]?.account == account } ?? false
        }
    }
}
