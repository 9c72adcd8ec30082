public import BourseClient

/// Everything `bourse auctions` shows: the list page, the open item, the user's standing, the connection and
/// the last action's result; ``handle(_:)`` turns a key into changes and ``AuctionAction``s, and
/// ``apply(_:)`` takes the shell's answers. Pure: no clock, no I/O, so every key path is a unit test.
public struct AuctionsState: Sendable {
    /// Which screen is up.
    public enum Screen: Hashable, Sendable {
        /// The list of items.
        case list
        /// One item, by id.
        case detail(Int64)
        /// The signed-in user's notifications.
        case inbox
    }

    /// Whether the server answers.
    public enum Connection: Hashable, Sendable {
        /// No answer yet.
        case connecting
        /// The last refresh was answered.
        case live
        /// The last refresh got no answer; what is on screen is the last that came.
        case unreachable(String)
    }

    /// The last thing worth telling: an action's result, or why something failed.
    public enum Notice: Hashable, Sendable {
        /// A result ("leading at 125,000").
        case info(String)
        /// The server refused, by the contract's error name and its message.
        case refused(name: String, message: String)
        /// A local problem (not signed in, nothing to buy).
        case problem(String)
    }

    /// Where a signed-in user stands on an item.
    public struct Standing: Hashable, Sendable {
        /// Whether they lead.
        public var leading: Bool
        /// Their maximum while they lead (a maximum that was outbid no longer counts).
        public var yourMax: Won?

        /// A standing.
        public init(leading: Bool, yourMax: Won?) {
            self.leading = leading
            self.yourMax = yourMax
        }
    }

    /// The screen on display.
    public var screen = Screen.list
    /// The signed-in username, or `nil` when the client is read-only.
    public var user: String?
    /// The server's answering state: the socket's once it reports (``AuctionOutcome/connection(_:)``),
    /// else whether the last REST refresh was answered.
    public var connection = Connection.connecting
    /// Whether the socket reports the connection, so a REST answer no longer decides it.
    public var streamed = false
    /// The last result or error, until the next action.
    public var notice: Notice?
    /// An action sent and not yet answered ("bidding up to 130,000…").
    public var pending: String?
    /// Set by `q` or Ctrl-C.
    public var shouldQuit = false

    /// The list screen's part.
    public var list = AuctionListState()
    /// The detail screen's part, while an item is open.
    public var detail: AuctionDetailState?
    /// The user's standing per item id, from `/me/bids` and bid answers.
    public var standings: [Int64: Standing] = [:]
    /// The ids the user watches.
    public var watching: Set<Int64> = []
    /// The signed-in user's notifications.
    public var inbox = AuctionInboxState()
    /// The room to show once the item being opened comes (an inbox entry's private room).
    var openingRoom: String?
    /// How far each member of a room has read it (room → username → furthest message id), from joins'
    /// lists and live `chat.read` events: kept per room, whatever is on screen when they come (a join's
    /// list comes once), for "seen" beside the user's own messages in a private room.
    public var receipts: [String: [String: Int64]] = [:]

    /// A state for `user` (nil: read-only).
    public init(user: String? = nil) { self.user = user }

    /// How to sign in, for the keys that need a user.
    public static let signInHint =
        "sign in to bid: bourse auctions --user NAME (password from BOURSE_PASSWORD or asked)"

    /// Applies `key`; `visibleRows` is how many list rows fit on screen. Returns what the shell should do.
    public mutating func handle(_ key: KeyPress, visibleRows: Int) -> [AuctionAction] {
        if key == .interrupt {
            shouldQuit = true
            return []
        }
        // `i` opens the inbox from either screen, unless the detail screen is taking typed text.
        let typing = screen != .list && (detail?.input ?? .none) != .none
        if key == .character("i"), screen != .inbox, !typing { return openInbox() }
        switch screen {
        case .list: return handleList(key, visibleRows: visibleRows)
        case .detail(let id): return handleDetail(key, item: id)
        case .inbox: return handleInbox(key)
        }
    }

    private mutating func handleList(_ key: KeyPress, visibleRows: Int) -> [AuctionAction] {
        switch key {
        case .character("q"): shouldQuit = true
        case .enter:
            guard let item = list.selected else { return [] }
            return open(item.id, showing: item)
        case .character("s"):
            let all = AuctionSort.allCases
            list.sort = all[((all.firstIndex(of: list.sort) ?? 0) + 1) % all.count]
            list.page = 1
            list.top = 0
            list.selectedID = nil
            return [.showList(page: 1, sort: list.sort)]
        case .character("r"): return [.refresh]
        case .right, .character("l"), .pageDown: return turnPage(by: 1)
        case .left, .character("h"), .pageUp: return turnPage(by: -1)
        case .up, .character("k"): list.move(by: -1, visibleRows: visibleRows)
        case .down, .character("j"): list.move(by: 1, visibleRows: visibleRows)
        case .home, .character("g"): list.move(by: -list.items.count, visibleRows: visibleRows)
        case .end, .character("G"): list.move(by: list.items.count, visibleRows: visibleRows)
        default: break
        }
        return []
    }

    /// Opens item `id` (`bourse auctions --item ID`, or Enter on the list, which passes its copy to show
    /// until the server's answer comes), in its private room `room` (an inbox entry's) or its public thread.
    public mutating func open(_ id: Int64, showing item: AuctionItem? = nil, room: String? = nil) -> [AuctionAction] {
        screen = .detail(id)
        let room = room.flatMap { AuctionDetailState.buyer(of: $0, item: id) != nil ? $0 : nil }
        detail = item.map { AuctionDetailState(item: $0, room: room) }
        openingRoom = room
        notice = nil
        return [.open(item: id)] + (room.map { [.showRoom(item: id, room: $0)] } ?? [])
    }

    private mutating func turnPage(by delta: Int) -> [AuctionAction] {
        let next = max(1, min(list.pages, list.page + delta))
        guard next != list.page else { return [] }
        list.page = next
        list.top = 0
        list.selectedID = nil
        return [.showList(page: next, sort: list.sort)]
    }
}
