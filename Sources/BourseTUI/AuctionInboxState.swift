public import BourseClient

/// The signed-in user's inbox in `bourse auctions`: the latest notifications, how many are unread, and the
/// selected row of the inbox screen (`i`).
public struct AuctionInboxState: Hashable, Sendable {
    /// The latest entries, newest first.
    public var entries: [AuctionNotification] = []
    /// How many of the user's notifications are unread; nil until the server says.
    public var unread: Int?
    /// Whether the entries came (the screen says "loading" until then).
    public var loaded = false
    /// The selected row, an index into ``entries``.
    public var selected = 0
    /// The screen to go back to.
    public var returnTo = AuctionsState.Screen.list

    /// The most entries kept (what the screen's page asks for).
    public static let kept = 50

    /// An empty inbox.
    public init() {}

    /// Takes a page from the server: its entries, and its unread count.
    mutating func take(_ page: NotificationPage) {
        entries = Array(page.notifications.prefix(Self.kept))
        unread = page.unread
        loaded = true
        selected = min(selected, max(0, entries.count - 1))
    }

    /// Takes a live update of the socket.
    mutating func take(_ update: NotificationUpdate) {
        switch update {
        case .added(let notification, let count):
            entries = Array(([notification] + entries.filter { $0.id != notification.id }).prefix(Self.kept))
            unread = count
        case .read(let count):
            unread = count
            if count == 0 { for index in entries.indices { entries[index].read = true } }
        }
    }
}

extension AuctionsState {
    /// Opens the inbox screen, remembering the screen to go back to.
    mutating func openInbox() -> [AuctionAction] {
        guard user != nil else {
            notice = .problem("sign in to read your notifications: bourse auctions --user NAME")
            return []
        }
        if screen != .inbox { inbox.returnTo = screen }
        screen = .inbox
        inbox.selected = 0
        notice = nil
        return [.showInbox]
    }

    /// Keys of the inbox screen: move, open an entry's item, back.
    mutating func handleInbox(_ key: KeyPress) -> [AuctionAction] {
        switch key {
        case .character("q"): shouldQuit = true
        case .escape, .character("i"):
            screen = inbox.returnTo
            // What came to the private room on screen while the inbox covered it is read now.
            if let detail, let receipt = readReceipt(detail) {
                if case .markRead(_, let id) = receipt { self.detail?.markedRead = id }
                return [receipt]
            }
        case .up, .character("k"): inbox.selected = max(0, inbox.selected - 1)
        case .down, .character("j"): inbox.selected = min(max(0, inbox.entries.count - 1), inbox.selected + 1)
        case .home, .character("g"): inbox.selected = 0
        case .end, .character("G"): inbox.selected = max(0, inbox.entries.count - 1)
        case .character("r"): return [.showInbox]
        case .enter:
            guard inbox.entries.indices.contains(inbox.selected) else { return [] }
            let entry = inbox.entries[inbox.selected]
            guard let item = entry.item else {
                notice = .info("this notification is not about an auction item")
                return []
            }
            // A message's entry opens its room (a buyer's private room, for the seller).
            return open(item, room: entry.room)
        default: break
        }
        return []
    }
}
