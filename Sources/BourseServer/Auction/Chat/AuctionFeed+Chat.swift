import BourseCore
import Synchronization

// Chat rooms on the auction socket: who joined which room, and the frames for its members.
extension AuctionFeed {
    /// `connection` receives `room`'s messages, typing and read receipts from now on.
    func join(_ connection: StreamConnection, room: String) {
        state.withLock { state in
            guard let rooms = state.subscribers[connection.id]?.rooms else { return }
            state.setRooms(rooms.union([room]), of: connection.id)
        }
    }

    /// Whether `connection` joined `room`.
    func hasJoined(_ connection: StreamConnection, room: String) -> Bool {
        state.withLock { $0.subscribers[connection.id]?.rooms.contains(room) ?? false }
    }

    /// `connection` leaves every room: its user changed, and the next one joins what it may read.
    func leaveAllRooms(_ connection: StreamConnection) {
        state.withLock { $0.setRooms([], of: connection.id) }
    }

    /// Whether `connection` may send a typing indicator at `now` (one a second); counts it if so.
    func mayType(_ connection: StreamConnection, at now: Timestamp) -> Bool {
        state.withLock { state in
            guard let last = state.subscribers[connection.id]?.typedAt, now.milliseconds - last >= 1_000 else {
                return false
            }
            state.subscribers[connection.id]?.typedAt = now.milliseconds
            return true
        }
    }

    /// `connection` no longer receives `room`'s frames.
    func leave(_ connection: StreamConnection, room: String) {
        state.withLock { state in
            guard let rooms = state.subscribers[connection.id]?.rooms else { return }
            state.setRooms(rooms.subtracting([room]), of: connection.id)
        }
    }

    /// How many rooms `connection` has joined.
    func roomCount(of connection: StreamConnection) -> Int {
        state.withLock { $0.subscribers[connection.id]?.rooms.count ?? 0 }
    }

    /// Queues `bytes`, encoded once, on every connection that joined `room` but `except` and those signed in
    /// as one of `accounts` (who blocked the sender).
    func deliver(
        toRoom room: String, _ bytes: [UInt8], except: StreamConnection? = nil,
        exceptAccounts accounts: Set<AccountID> = []
    ) {
        let frame = StreamFrame(text: bytes)
        let targets = state.withLock { state -> [StreamConnection] in
            guard let members = state.members[room] else { return [] }
            guard except != nil || !accounts.isEmpty else { return Array(members.values) }
            return members.compactMap { id, connection in
                guard id != except?.id else { return nil }
                guard let account = state.subscribers[id]?.account, accounts.contains(account) else {
                    return connection
                }
                return nil
            }
        }
        for connection in targets { _ = connection.enqueue(frame) }
    }

    /// Counts a message of `account` at `now` against `limit` messages a `window`; the milliseconds to wait
    /// if it is over (the message then is not counted), nil if it may go.
    func chatWait(of account: AccountID, at now: Timestamp, limit: Int, window: Int64) -> Int64? {
        chatRate.withLock { rate in
            // Forget accounts quiet for a whole window once many have posted, so the map stays small.
            if rate.count > 10_000 { rate = rate.filter { ($0.value.last ?? 0) > now.milliseconds - window } }
            var recent = (rate[account] ?? []).filter { $0 > now.milliseconds - window }
            defer { rate[account] = recent.isEmpty ? nil : recent }
            guard recent.count < limit else { return recent[recent.count - limit] + window - now.milliseconds }
            recent.append(now.milliseconds)
            return nil
        }
    }

    /// Asks `refusal` about a post of `account` in `room` at `now`, given when they last posted there (what
    /// slow mode counts from), and counts the post if it may go and the room `counts` posts; one account's
    /// two posts are decided one after the other, so both cannot slip through a slow mode.
    func admit<Refusal>(
        _ account: AccountID, in room: String, at now: Timestamp, counts: Bool, _ refusal: (Int64?) -> Refusal?
    ) -> Refusal? {
        chatLastPost.withLock { rooms in
            // Forget posts older than the longest slow mode once many are kept.
            if counts, rooms.values.reduce(0, { $0 + $1.count }) > 10_000 {
                let horizon = now.milliseconds - Int64(ChatDesk.maximumSlowModeSeconds) * 1_000
                rooms = rooms.compactMapValues { posts in
                    let kept = posts.filter { $0.value > horizon }
                    return kept.isEmpty ? nil : kept
                }
            }
            if let refused = refusal(rooms[room]?[account]) { return refused }
            if counts { rooms[room, default: [:]][account] = now.milliseconds }
            return nil
        }
    }

    /// Takes the connections signed in as `account` out of the rooms `leaving` picks (a ban).
    func leaveRooms(of account: AccountID, where leaving: (String) -> Bool) {
        state.withLock { state in
            for (id, subscriber) in state.subscribers where subscriber.account == account {
                state.setRooms(subscriber.rooms.filter { !leaving($0) }, of: id)
            }
        }
    }
}

extension AuctionFeed.State {
    /// Makes `rooms` the chat rooms of connection `id` (a subscriber), keeping ``members`` in step.
    mutating func setRooms(_ rooms: Set<String>, of id: Int) {
        guard let subscriber = subscribers[id] else { return }
        for room in subscriber.rooms.subtracting(rooms) {
            members[room]?[id] = nil
            if members[room]?.isEmpty == true { members[room] = nil }
        }
        for room in rooms.subtracting(subscriber.rooms) { members[room, default: [:]][id] = subscriber.connection }
        subscribers[id]?.rooms = rooms
    }
}
