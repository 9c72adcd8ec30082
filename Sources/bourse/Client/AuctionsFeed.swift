import BourseClient
import BourseTUI
import Foundation
import Synchronization

/// The auction house as `bourse auctions` follows it: the screen says what it looks at (a list page, an
/// item) and what to do (bid, buy, watch) through ``perform(_:)``, and collects ``AuctionOutcome``s with
/// ``drain()``. Everything about how the data comes stays in here.
///
/// Live changes come over one socket (`AuctionStream`) for the command's lifetime: it follows the items
/// of the list page on screen plus the open item (``subscribe(items:)`` again whenever that set changes),
/// and its events and connection states go to the screen as outcomes, which apply them to the rows and
/// the item. REST does what the socket does not: it loads list pages (on a page or sort change, and every
/// ten seconds to pick up new listings), the open item's bid history (again after a `price` event of the
/// item, at most twice a second), the messages of the room on screen (the open item's questions or a
/// private room: on opening it and every ten seconds; they come live over the socket, which joins the room
/// while it is shown, with how far the other side has read it), and the user's bids. Actions run one at a
/// time, in the order the keys asked for them; each makes the next REST load due at once.
final class AuctionsFeed: Sendable {
    /// The slow REST refreshes, for what the socket does not say (new listings, a missed history).
    static let listInterval = Duration.seconds(10)
    static let itemInterval = Duration.seconds(10)
    static let myBidsInterval = Duration.seconds(10)
    /// The open item's history is loaded at most this often, however fast its price moves.
    static let historyInterval = Duration.milliseconds(500)
    /// The room on screen comes live over the socket; REST reads it again this often, for a
    /// socket that is away.
    static let chatInterval = Duration.seconds(10)

    private struct Interest {
        var page = 1
        var sort = AuctionSort.ending
        var item: Int64?
        /// The ids of the list page last loaded.
        var pageItems: [Int64] = []
        /// What the socket was last asked to follow.
        var followed: Set<Int64>?
        /// The chat room on screen: the open item's public thread or one of its private rooms.
        var room: String?
        /// The room the socket was last asked to join.
        var chatJoined: String?
        /// The rooms the server said were joined (and not left since): a read receipt waits for its room's.
        var joined: Set<String> = []
        /// When each part is next due; `nil` is now.
        var listDue: ContinuousClock.Instant?
        var itemDue: ContinuousClock.Instant?
        var myBidsDue: ContinuousClock.Instant?
        var chatDue: ContinuousClock.Instant?
        /// When the open item was last loaded, for ``historyInterval``.
        var itemLoaded: ContinuousClock.Instant?
        var outcomes: [AuctionOutcome] = []

        /// The items the socket should follow: the page's while the list is on screen, and the open item.
        var wanted: Set<Int64> { item.map { Set(pageItems).union([$0]) } ?? Set(pageItems) }
    }

    let client: AuctionClient
    let stream: AuctionStream
    private let signedIn: Bool
    private let interest = Mutex(Interest())
    private let commands: AsyncStream<AuctionAction>
    private let commandQueue: AsyncStream<AuctionAction>.Continuation
    /// Rooms to leave and join, in the order the screen moved between them (one at a time: a leave that
    /// overtook the join after it would take the user out of the room on screen).
    private let roomChanges: AsyncStream<(leave: String?, join: String?)>
    private let roomQueue: AsyncStream<(leave: String?, join: String?)>.Continuation

    /// A feed of `client`'s server; `stream` is the socket of the same client (and so of its sign-in).
    init(client: AuctionClient, stream: AuctionStream, signedIn: Bool, item: Int64?) {
        self.client = client
        self.stream = stream
        self.signedIn = signedIn
        interest.withLock { ($0.item, $0.room) = (item, item.map { "item:\($0)" }) }
        (commands, commandQueue) = AsyncStream.makeStream()
        (roomChanges, roomQueue) = AsyncStream.makeStream()
    }

    /// The server's time now, from the client's clock (learnt from every answer): what countdowns count on.
    var serverNow: Date { client.clock.serverNow() }

    /// Takes a screen's action: interest changes at once, commands go to the queue.
    func perform(_ action: AuctionAction) {
        switch action {
        case .showList(let page, let sort):
            interest.withLock {
                ($0.page, $0.sort, $0.listDue) = (page, sort, nil)
            }
        case .open(let item):
            interest.withLock {
                ($0.item, $0.room, $0.itemDue, $0.chatDue) = (item, "item:\(item)", nil, nil)
            }
        case .showRoom(let item, let room):
            interest.withLock { interest in
                guard interest.item == item else { return }
                (interest.room, interest.chatDue) = (room, nil)
            }
        case .close:
            interest.withLock {
                ($0.item, $0.room, $0.listDue) = (nil, nil, nil)
            }
        case .refresh:
            interest.withLock {
                ($0.listDue, $0.itemDue, $0.myBidsDue, $0.chatDue) = (nil, nil, nil, nil)
            }
        case .bid, .buyNow, .watch, .chat, .markRead, .showInbox:
            commandQueue.yield(action)
        }
    }

    /// What came since the last call, oldest first.
    func drain() -> [AuctionOutcome] {
        interest.withLock { interest in
            defer { interest.outcomes.removeAll() }
            return interest.outcomes
        }
    }

    /// Keeps the socket, follows it, loads over REST and runs commands until cancelled.
    func run() async {
        // Read before anything is subscribed: events that come while no reader is open are not kept.
        let events = stream.events()
        let states = stream.states()
        let said = stream.chatMessages()
        let notices = stream.notifications()
        let receipts = stream.chatReads()
        await withTaskGroup(of: Void.self) { group in
            // The socket's tasks end when its URL cannot work; the screens go on with REST then.
            group.addTask {
                await self.stream.run()
                await Self.untilCancelled()
            }
            group.addTask {
                for await state in states { self.deliver(.connection(state)) }
                await Self.untilCancelled()
            }
            group.addTask {
                for await event in events { self.take(event) }
                await Self.untilCancelled()
            }
            group.addTask {
                for await message in said { self.deliver(.said(message)) }
                await Self.untilCancelled()
            }
            group.addTask {
                for await update in notices { self.deliver(.notification(update)) }
                await Self.untilCancelled()
            }
            group.addTask {
                for await receipt in receipts { self.deliver(.read(receipt)) }
                await Self.untilCancelled()
            }
            group.addTask { await self.follow() }
            group.addTask { await self.changeRooms() }
            group.addTask { await self.runCommands() }
            group.addTask { await self.poll() }
            await group.next()
            group.cancelAll()
        }
    }

    private static func untilCancelled() async {
        while !Task.isCancelled { try? await Task.sleep(for: .seconds(60)) }
    }

    /// Passes a socket event on, and makes the REST loads it calls for due: the open item's history after
    /// its price moved (no sooner than ``historyInterval`` after the last load), the user's bids after news
    /// about them.
    private func take(_ event: AuctionStream.Event) {
        interest.withLock { interest in
            interest.outcomes.append(.event(event))
            switch event.change {
            case .price, .ended, .snapshot:
                guard event.item == interest.item else { break }
                // Already due now (`nil`) stays so; a later slow refresh comes forward.
                guard let due = interest.itemDue else { break }
                interest.itemDue = min(due, interest.itemLoaded.map { $0 + Self.historyInterval } ?? .now)
            case .outbid, .won, .lost, .sold:
                interest.myBidsDue = nil
            default: break
            }
        }
    }

    /// Subscribes the socket to the wanted items whenever they change. The stream keeps the interest
    /// across reconnects (and while it waits to connect), so a failed request is not retried here.
    private func follow() async {
        while !Task.isCancelled {
            let wanted: Set<Int64>? = interest.withLock { interest in
                let wanted = interest.wanted
                // Nothing to follow before the first page comes: no request then.
                guard wanted != interest.followed, !(wanted.isEmpty && interest.followed == nil) else { return nil }
                interest.followed = wanted
                return wanted
            }
            if let wanted {
                do { try await stream.subscribe(items: wanted.sorted()) } catch {}
            }
            // The room on screen: joined while it is shown (the stream rejoins after a reconnect).
            let (join, leave): (String?, String?) = interest.withLock { interest in
                guard interest.room != interest.chatJoined else { return (nil, nil) }
                defer { interest.chatJoined = interest.room }
                return (interest.room, interest.chatJoined)
            }
            // Not awaited here: while the socket is away an answer can take the request timeout, and the next
            // item subscription must not wait for it (the stream keeps the rooms itself). A room the server
            // refuses is refused to the REST read too, which says so on screen.
            if join != nil || leave != nil {
                if let leave { interest.withLock { _ = $0.joined.remove(leave) } }
                roomQueue.yield((leave, join))
            }
            if wanted == nil, join == nil, leave == nil { try? await Task.sleep(for: .milliseconds(50)) }
        }
    }

    /// Leaves and joins rooms one change at a time, in order.
    private func changeRooms() async {
        for await (leave, join) in roomChanges {
            if let leave { try? await stream.leaveChat(room: leave) }
            guard let join, (try? await stream.joinChat(room: join)) != nil else { continue }
            interest.withLock { if $0.chatJoined == join { _ = $0.joined.insert(join) } }
        }
    }

    private func deliver(_ outcome: AuctionOutcome) {
        interest.withLock { $0.outcomes.append(outcome) }
    }

    private func runCommands() async {
        if signedIn {
            do { deliver(.watchlist(try await client.myWatchlist().map(\.id))) } catch {}
            // The unread count for the status line; entries come live after this.
            do { deliver(.notifications(try await client.notifications(limit: AuctionInboxState.kept))) } catch {}
        }
        for await command in commands {
            do {
                switch command {
                case .bid(let item, let maximum): deliver(.bid(try await client.bid(item: item, maximum: maximum)))
                case .buyNow(let item): deliver(.bought(try await client.buyNow(item: item)))
                case .watch(let item, true): deliver(.watched(item: item, try await client.watch(item: item)))
                case .watch(let item, false): deliver(.watched(item: item, try await client.unwatch(item: item)))
                case .chat(let room, let text):
                    deliver(.posted(try await client.postChatMessage(room: room, text: text).message))
                case .markRead(let room, let id):
                    // Off the queue, so a bid typed next does not wait for it. The server takes a receipt only
                    // from a member: the room's join (sent with the read of its messages that led here) must
                    // be answered first. A receipt lost is not worth a notice: the screen sends it again.
                    Task {
                        for _ in 0..<100 where !interest.withLock({ $0.joined.contains(room) }) {
                            try? await Task.sleep(for: .milliseconds(50))
                        }
                        // Lost (the socket away, the room not joined yet): the next read of the room sends it.
                        do { try await stream.markChatRead(room: room, messageID: id) } catch {
                            deliver(.readNotMarked(room: room, messageID: id))
                        }
                    }
                    continue
                case .showInbox:
                    // Shown, then marked read: the socket's `notifications.read` then clears the count and the
                    // unread marks.
                    let page = try await client.notifications(limit: AuctionInboxState.kept)
                    deliver(.notifications(page))
                    // Only what is on the screen: older unread entries past the page stay unread.
                    let shown = page.notifications.filter { !$0.read }.map(\.id)
                    if !shown.isEmpty {
                        let unread = try await client.markNotificationsRead(ids: shown)
                        var marked = page
                        for index in marked.notifications.indices { marked.notifications[index].read = true }
                        marked.unread = unread
                        deliver(.notifications(marked))
                    }
                default: continue
                }
            } catch {
                deliver(.actionFailed(command, Self.readable(error)))
            }
            // What the action changed shows at the next poll, not a second later.
            interest.withLock { ($0.listDue, $0.itemDue, $0.myBidsDue, $0.chatDue) = (nil, nil, nil, nil) }
        }
    }

    /// One loop for every refresh, so that a slow server gets one request at a time from this client.
    private func poll() async {
        let clock = ContinuousClock()
        while !Task.isCancelled {
            let now = clock.now
            let (page, sort, item, room, listDue, itemDue, myBidsDue, chatDue) = interest.withLock {
                ($0.page, $0.sort, $0.item, $0.room, $0.listDue, $0.itemDue, $0.myBidsDue, $0.chatDue)
            }
            if let item, itemDue.map({ $0 <= now }) ?? true {
                interest.withLock { ($0.itemDue, $0.itemLoaded) = (now + Self.itemInterval, now) }
                await refresh {
                    let detail = try await self.client.item(item)
                    return .item(detail, history: try await self.client.bids(item: item))
                }
            }
            // After the item: its answer opens the detail that the thread is shown in.
            if item != nil, let room, chatDue.map({ $0 <= now }) ?? true {
                // Only for the room still on screen: a `p` during the item's read made the new room due now.
                interest.withLock { if $0.room == room { $0.chatDue = now + Self.chatInterval } }
                do {
                    deliver(.chat(room: room, try await client.chatMessages(room: room, limit: 20).messages))
                } catch {
                    deliver(.roomFailed(room: room, Self.readable(error)))
                }
            }
            // The list is on screen only while no item is open.
            if item == nil, listDue.map({ $0 <= now }) ?? true {
                interest.withLock { $0.listDue = now + Self.listInterval }
                await refresh {
                    let answer = try await self.client.items(page: page, sort: sort)
                    self.interest.withLock { interest in
                        // Only the page still wanted is followed: `s` or a page turn may have come meanwhile.
                        if (interest.page, interest.sort) == (page, sort) {
                            interest.pageItems = answer.items.map(\.id)
                        }
                    }
                    return .page(answer, sort: sort)
                }
            }
            if signedIn, myBidsDue.map({ $0 <= now }) ?? true {
                interest.withLock { $0.myBidsDue = now + Self.myBidsInterval }
                await refresh { .myBids(try await self.client.myBids()) }
            }
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    private func refresh(_ load: () async throws -> AuctionOutcome) async {
        do {
            deliver(try await load())
        } catch {
            deliver(.refreshFailed(Self.readable(error)))
        }
    }

    /// The client's error, with a transport failure's Foundation dump cut to its sentence ("Failed to connect
    /// to 127.0.0.1 port 1 after 0 ms: Couldn't connect to server"), for one status line.
    static func readable(_ error: any Error) -> AuctionClientError {
        guard let error = error as? AuctionClientError else { return .transport(String(describing: error)) }
        guard case .transport(let text) = error, text.contains("Error Domain="),
            let key = text.range(of: "NSLocalizedDescription=", options: .backwards)
        else { return error }
        let rest = text[key.upperBound...]
        let end = [rest.range(of: ", NS")?.lowerBound, rest.firstIndex(of: "}")].compactMap { $0 }.min()
        return .transport(String(rest[..<(end ?? rest.endIndex)]))
    }
}
