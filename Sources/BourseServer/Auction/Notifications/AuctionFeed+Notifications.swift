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
            case .outbid(let outbid)
            where lastOutbid[OutbidKey(account: outbid.account, item: outbid.item)] != index
                || notifier.isKnownNonUser(outbid.account):
                continue
            case .outbid, .ended, .reserveMet, .extended: break
            }
            let item = event.item
            if listings[item] == nil { listings[item] = catalog.listing(item) }
            let listing = listings[item] ?? nil
            let title = NotificationWords.Title(listing?.title, item)
            func note(_ account: AccountID, _ kind: String, _ words: NotificationWords) {
                notifications.append(
                    StoredNotification(account: account, kind: kind, item: item, words: words, at: now))
            }
            switch event {
            case .outbid(let outbid):
                note(outbid.account, "outbid", .outbid(title, price: outbid.price, maximum: outbid.maximum))
            case .ended(let ended):
                if ended.state == .sold, let winner = ended.leader {
                    note(winner, "won", .won(title, price: ended.price))
                    note(ended.seller, "sold", .sold(title, price: ended.price))
                } else if ended.leader == nil {
                    note(ended.seller, "unsold", .unsoldWithoutBids(title))
                } else {
                    note(ended.seller, "unsold", .unsoldUnderReserve(title))
                }
                notifyLosers(ended, title: title, at: now)
            case .reserveMet:
                if let seller = listing?.seller {
                    note(seller, "reserve_met", .reserveMetForSeller(title))
                }
                for watcher in catalog.watchers(of: item) where watcher != listing?.seller {
                    note(watcher, "reserve_met", .reserveMet(title))
                }
            case .extended:
                // A soft-close fight extends an item every few seconds; a watcher wants to hear that it
                // started, not each round (the item's page and socket show the rest). Until the catalog is
                // loaded there are no watchers to tell, and the one notice is not spent on nobody.
                guard catalog.isLoaded, state.withLock({ $0.extensionNotified.insert(item).inserted }) else { continue }
                for watcher in catalog.watchers(of: item) {
                    note(watcher, "extended", .extended(title))
                }
            case .listed, .rejected, .started, .bidAccepted, .cancelled:
                continue
            }
        }
        return notifications
    }

    /// `lost` to every bidder of `ended` but its winner, read from the store's bids (what memory holds of an
    /// item's bidders starts at the last restart); queued when that read answers.
    private func notifyLosers(_ ended: AuctionEnded, title: NotificationWords.Title, at now: Timestamp) {
        let (store, notifier) = (store, notifier)
        Task {
            guard let bids = try? await store.auctionBids(of: ended.item) else { return }
            let winner = ended.state == .sold ? ended.leader : nil
            var told: Set<AccountID> = []
            var notes: [StoredNotification] = []
            for bid in bids where bid.bidder != winner && told.insert(bid.bidder).inserted {
                notes.append(
                    StoredNotification(
                        account: bid.bidder, kind: "lost", item: ended.item,
                        words: winner == nil ? .lostWithoutSale(title) : .lost(title, price: ended.price), at: now))
            }
            notifier.notify(notes)
        }
    }

    /// `fill` to the owners of orders that `filled` completely (exchange orders: the inbox is the user's, not
    /// only the auction house's). The demo's traders fill many a second and have no inbox: those the notifier
    /// knows cannot sign in are skipped here, before any words are made for them.
    func fillNotifications(_ filled: [OrderDone], at now: Timestamp) -> [StoredNotification] {
        filled.compactMap { done in
            guard !notifier.isKnownNonUser(done.account) else { return nil }
            return StoredNotification(
                account: done.account, kind: "fill", words: .filled(done.market), at: now)
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

    /// `ending_soon` to the watchers of `item`, the first time its end comes near (the socket's thresholds),
    /// saying the minutes actually left.
    func endingSoonNotifications(_ item: AuctionItem, at now: Timestamp) -> [StoredNotification] {
        guard catalog.isLoaded, state.withLock({ $0.endingSoonNotified.insert(item.id).inserted }) else { return [] }
        let title = NotificationWords.Title(catalog.listing(item.id)?.title, item.id)
        let minutes = item.minutesLeft(at: now)
        return catalog.watchers(of: item.id).map { watcher in
            StoredNotification(
                account: watcher, kind: "ending_soon", item: item.id,
                words: .endingSoon(title, minutes: minutes), at: now)
        }
    }

    /// The accounts signed in on a connection that joined `room` (a chat message there needs no inbox entry
    /// for them).
    func accountsInRoom(_ room: String) -> Set<AccountID> {
        state.withLock { state in
            Set((state.members[room]?.keys ?? [:].keys).compactMap { state.subscribers[$0]?.account })
        }
    }
}
