import BourseClient

/// The detail screen's chat rooms: the item's public thread, and private rooms between its seller and one
/// buyer (`dm:{id}:{buyer}`, docs/auction-house.md "Chat"). `p` switches. A buyer has one private room
/// per item, their own; a seller has one per buyer who wrote, which they learn from their inbox (each
/// message there names its room), so `p` goes through those in turn. Read receipts are kept and shown in
/// private rooms only, as the web client does: who reads a seller's public answers is nobody's business.
extension AuctionDetailState {
    /// The public thread of item `id`.
    public static func publicRoom(of id: Int64) -> String { "item:\(id)" }

    /// The private room of item `id` between its seller and `buyer`.
    public static func privateRoom(of id: Int64, buyer: String) -> String { "dm:\(id):\(buyer)" }

    /// Whether ``room`` is a private room.
    public var isPrivate: Bool { room.hasPrefix("dm:") }

    /// The buyer of a private room `room` of item `id` (usernames may hold `:`), or nil for any other room.
    static func buyer(of room: String, item id: Int64) -> String? {
        let prefix = "dm:\(id):"
        guard room.hasPrefix(prefix), room.count > prefix.count else { return nil }
        return String(room.dropFirst(prefix.count))
    }

    /// The id of `user`'s newest message in ``chat`` that another member has read (by `receipts`, the
    /// room's), for "seen".
    func seenMessage(by user: String, receipts: [String: Int64]) -> Int64? {
        guard isPrivate else { return nil }
        let read = receipts.filter { $0.key != user }.values.max() ?? 0
        return chat.first { $0.from == user && !$0.deleted && $0.id <= read }?.id
    }

    /// Shows `room` from its start: its messages are the new room's to come. A message being typed was for
    /// the room before, so it goes; a bid being typed stays.
    mutating func show(_ room: String) {
        self.room = room
        chat = []
        chatLoaded = false
        markedRead = 0
        if case .message = input { input = .none }
    }
}

extension AuctionsState {
    /// The private rooms of item `id` that the inbox names (a buyer's message comes to the seller's inbox
    /// with its room), oldest first so `p` goes through them in a steady order.
    func privateRooms(of id: Int64) -> [String] {
        var rooms: [String] = []
        for entry in inbox.entries.reversed() where entry.item == id {
            guard let room = entry.room, AuctionDetailState.buyer(of: room, item: id) != nil,
                !rooms.contains(room)
            else { continue }
            rooms.append(room)
        }
        return rooms
    }

    /// `p`: the buyer's private room with the seller and back; for the seller, the next buyer's room.
    mutating func switchRoom(_ detail: inout AuctionDetailState) -> [AuctionAction] {
        guard let user else {
            notice = .problem("sign in to talk to the seller: bourse auctions --user NAME")
            return []
        }
        let item = detail.item
        let publicRoom = AuctionDetailState.publicRoom(of: item.id)
        let next: String
        if item.seller == user {
            var rooms = privateRooms(of: item.id)
            if detail.isPrivate, !rooms.contains(detail.room) { rooms.append(detail.room) }
            guard !rooms.isEmpty else {
                notice = .info("no buyer has written to you about this item yet; their messages come to your inbox (i)")
                return []
            }
            let order = [publicRoom] + rooms
            next = order[((order.firstIndex(of: detail.room) ?? 0) + 1) % order.count]
        } else {
            next = detail.isPrivate ? publicRoom : AuctionDetailState.privateRoom(of: item.id, buyer: user)
        }
        detail.show(next)
        notice = nil
        return [.showRoom(item: item.id, room: next)]
    }

    /// In a private room on screen, the receipt for the newest message from the other side not yet marked.
    func readReceipt(_ detail: AuctionDetailState) -> AuctionAction? {
        guard detail.isPrivate, screen == .detail(detail.item.id), let user else { return nil }
        guard let newest = detail.chat.first(where: { $0.from != user && !$0.from.isEmpty })?.id,
            newest > detail.markedRead
        else { return nil }
        return .markRead(room: detail.room, messageID: newest)
    }

    /// Takes the messages of a room (a read or live ones), if it is the room on screen; returns the read
    /// receipt to send, if any.
    mutating func take(_ messages: [ChatMessage], room: String) -> [AuctionAction] {
        guard var detail, detail.room == room else { return [] }
        detail.chat = Self.merged(detail.chat, messages)
        detail.chatLoaded = true
        let receipt = readReceipt(detail)
        if case .markRead(_, let id) = receipt { detail.markedRead = id }
        self.detail = detail
        return receipt.map { [$0] } ?? []
    }

    /// A room's messages could not be read: a private room the server refuses to this user goes back to the
    /// public thread; a failure of the connection is the connection's; anything about a room no longer on
    /// screen is old news.
    mutating func roomFailed(_ room: String, _ error: AuctionClientError) -> [AuctionAction] {
        guard var detail, detail.room == room else { return [] }
        let refused = ["forbidden", "not_found", "unauthorized", "banned"].contains(error.name ?? "")
        guard detail.isPrivate, refused else {
            _ = apply(.refreshFailed(error), visibleRows: 0)
            return []
        }
        notice = .refused(name: error.name ?? "", message: error.message)
        let publicRoom = AuctionDetailState.publicRoom(of: detail.item.id)
        detail.show(publicRoom)
        self.detail = detail
        return [.showRoom(item: detail.item.id, room: publicRoom)]
    }

    /// A receipt moves its reader forward in its room (never back), whatever room is on screen.
    mutating func take(_ receipt: ChatReadReceipt) {
        guard receipt.room.hasPrefix("dm:") else { return }
        receipts[receipt.room, default: [:]][receipt.user] = max(
            receipts[receipt.room]?[receipt.user] ?? 0, receipt.messageID)
    }

    /// A read receipt the shell could not send: the next read of the room sends it again.
    mutating func readNotMarked(room: String, messageID: Int64) {
        guard detail?.room == room, detail?.markedRead == messageID else { return }
        detail?.markedRead = 0
    }
}
