import BourseCore
import BourseStore

extension ChatDesk {
    /// How much of a message an inbox entry quotes.
    static let quotedCharacters = 80

    /// Leaves `message` in the inboxes of those it concerns who are not in its room and did not block its
    /// author (`blockers`): in a private room, the other party; in an item's public thread, the seller when
    /// someone asks, and those who asked in the thread lately when the seller answers.
    func notifyAbout(
        _ message: StoredChatMessage, in room: ChatRoom, of item: AuctionItem, from user: AuctionUser,
        blockers: Set<AccountID>
    ) async throws {
        let seller = item.terms.seller
        let fromSeller = user.account.id == seller
        var readers: Set<AccountID> = []
        let kind: String
        if let buyer = room.buyer {
            kind = "wrote to you about"
            if fromSeller {
                if let account = try await controller.store.account(named: buyer) { readers.insert(account.id) }
            } else {
                readers.insert(seller)
            }
        } else if fromSeller {
            kind = "answered in the thread of"
            let recent = try await controller.store.chatMessages(in: room.name, before: message.sequence, limit: 50)
            readers.formUnion(recent.map(\.author).filter { $0 != seller })
        } else {
            kind = "asked about"
            readers.insert(seller)
        }
        readers.remove(user.account.id)
        readers.subtract(blockers)
        let feed = controller.feed
        let title = NotificationJSON.title(feed.catalog.listing(item.id)?.title, item.id)
        let quote =
            message.text.count > Self.quotedCharacters
            ? message.text.prefix(Self.quotedCharacters) + "…" : Substring(message.text)
        let who = fromSeller && room.buyer == nil ? "The seller" : user.account.name
        feed.notifier.notify(
            readers.filter { !feed.isInRoom($0, room.name) }.sorted { $0.rawValue < $1.rawValue }.map { reader in
                StoredNotification(
                    account: reader, kind: "chat", item: item.id, room: room.name,
                    text: "\(who) \(kind) \(title): \(quote)", at: message.postedAt)
            })
    }
}
