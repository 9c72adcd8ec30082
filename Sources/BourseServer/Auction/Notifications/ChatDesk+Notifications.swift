import BourseCore
import BourseStore

extension ChatDesk {
    /// Leaves `message` in the inboxes of those it concerns but `except` (those in its room when it was
    /// delivered, and those who block its author): in a private room, the other party; in an item's public
    /// thread, the seller when someone asks, and those who asked in the thread lately when the seller answers.
    func notifyAbout(
        _ message: StoredChatMessage, in room: ChatRoom, of item: AuctionItem, from user: AuctionUser,
        except: Set<AccountID>
    ) async throws {
        let seller = item.terms.seller
        let fromSeller = user.account.id == seller
        var readers: Set<AccountID> = []
        let chat: NotificationWords.Chat
        if let buyer = room.buyer {
            chat = .privately
            if fromSeller {
                if let account = try await controller.store.account(named: buyer) { readers.insert(account.id) }
            } else {
                readers.insert(seller)
            }
        } else if fromSeller {
            chat = .answered
            let recent = try await controller.store.chatMessages(in: room.name, before: message.sequence, limit: 50)
            readers.formUnion(recent.map(\.author).filter { $0 != seller })
        } else {
            chat = .asked
            readers.insert(seller)
        }
        readers.remove(user.account.id)
        readers.subtract(except)
        let feed = controller.feed
        let words = NotificationWords.chat(
            chat, from: user.account.name, seller: fromSeller,
            NotificationWords.Title(feed.catalog.listing(item.id)?.title, item.id))
        // The entry does not quote the message: a moderator's deletion must not leave its words in other
        // people's inboxes, and the room (one click away) shows it under its rules.
        feed.notifier.notify(
            readers.sorted { $0.rawValue < $1.rawValue }.map { reader in
                StoredNotification(
                    account: reader, kind: "chat", item: item.id, room: room.name,
                    words: words, at: message.postedAt)
            })
    }
}
