import BourseCore

/// The changes of one item's price held for its next flush: a run of accepted bids (and the extensions
/// they caused) in the order the writer made them.
///
/// One bid's changes (its `price`, and `extended` if it moved the end) go out as they are. A longer run,
/// which only a storm of bids makes, goes out as one `price` frame with the state after the last change,
/// `seq` its sequence and `first_seq` the first change it covers, so a client still sees every sequence
/// number accounted for; `previous_price` is the price before the run, and `previous_ends_at` appears
/// when the run moved the end.
struct PriceRun {
    /// The single events' frames, kept to be sent as they are if the run stays one bid long.
    var frames: [(sequence: UInt64, bytes: [UInt8])] = []
    var bids = 0
    var previousPrice: Funds?
    var previousEndsAt: Timestamp?
    var last: BidAccepted?
    var leader: String?
    /// The latest effective end of the run: a bid's event carries the end from before its own extension.
    var latestEnd: Timestamp?
    var lastSequence: UInt64 = 0
    var time = Timestamp(milliseconds: 0)

    mutating func add(_ bid: BidAccepted, leader: String?, frame: @autoclosure () -> [UInt8], at time: Timestamp) {
        note(bid.sequence, frame, time)
        if previousPrice == nil { previousPrice = bid.previousPrice }
        bids += 1
        last = bid
        latestEnd = max(latestEnd ?? bid.effectiveEndsAt, bid.effectiveEndsAt)
        self.leader = leader
    }

    mutating func add(_ extended: AuctionExtended, frame: @autoclosure () -> [UInt8], at time: Timestamp) {
        note(extended.sequence, frame, time)
        if previousEndsAt == nil { previousEndsAt = extended.previousEndsAt }
        latestEnd = max(latestEnd ?? extended.effectiveEndsAt, extended.effectiveEndsAt)
    }

    /// Encodes the event only while the run may still go out as it is (its first two frames).
    private mutating func note(_ sequence: UInt64, _ frame: () -> [UInt8], _ time: Timestamp) {
        if frames.count < 2 { frames.append((sequence, frame())) }
        lastSequence = sequence
        self.time = time
    }

    /// What to send: the events as they are, or one conflated `price` frame (first change, last, bytes).
    var output: [(first: UInt64, sequence: UInt64, bytes: [UInt8])] {
        guard bids > 1, let last, let previousPrice, let firstSequence = frames.first?.sequence else {
            return frames.map { ($0.sequence, $0.sequence, $0.bytes) }
        }
        var bid = last
        bid.previousPrice = previousPrice
        bid.effectiveEndsAt = latestEnd ?? bid.effectiveEndsAt
        let leader = self.leader
        let previousEndsAt = self.previousEndsAt
        let bytes = AuctionStreamJSON.event("price", bid.item, lastSequence, time) { writer in
            AuctionStreamJSON.price(bid, leader: leader, into: &writer)
            writer.key("first_seq")
            writer.integer(Int64(firstSequence))
            if let previousEndsAt {
                writer.key("previous_ends_at")
                writer.integer(previousEndsAt.milliseconds)
            }
        }
        return [(firstSequence, lastSequence, bytes)]
    }
}

extension AuctionFeed {
    /// The shortest time between two flushes of one item's price changes. A bidding storm on one item
    /// makes hundreds of changes a second; sent one by one to thousands of followers they would be
    /// millions of frames a second, so changes that arrive within this time of the last flush are held
    /// and go out together as one `price` frame (``PriceRun``). Quiet items are sent at once.
    static let conflationMilliseconds: Int64 = 20

    /// The frames a second one item's flushes may cost in all: each frame is a write to a socket (~10 µs
    /// of CPU on loopback, `bench auction`'s profile), so an item followed by more than this many ÷ 50
    /// connections is flushed less often than every ``conflationMilliseconds`` (5,000 followers: every
    /// 100 ms), and a storm on a crowded item cannot take the whole machine.
    static let framesPerSecondPerItem: Int64 = 50_000

    /// How long the changes of an item with `followers` are held after a flush: ``conflationMilliseconds``,
    /// longer for a crowded item (``framesPerSecondPerItem``).
    static func conflationInterval(followers: Int) -> Int64 {
        max(conflationMilliseconds, Int64(followers) * 1_000 / framesPerSecondPerItem)
    }

    /// Sends the held runs of `items` whose last flush is at least their conflation interval old, and
    /// schedules one flush for the rest.
    func flushRuns(_ items: Set<ItemID>) {
        let now = clock().milliseconds
        var wait: Int64?
        for item in items {
            let (last, followers) = state.withLock { ($0.flushed[item], $0.followers[item] ?? 0) }
            let interval = Self.conflationInterval(followers: followers)
            if let last, now >= last, now - last < interval {
                wait = min(wait ?? .max, last + interval - now)
            } else {
                flushRun(of: item, at: now)
            }
        }
        if let wait { scheduleFlush(in: wait) }
    }

    /// Sends what `item` holds, if anything.
    func flushRun(of item: ItemID, at now: Int64) {
        let run = state.withLock { state -> PriceRun? in
            guard let run = state.runs.removeValue(forKey: item) else { return nil }
            state.flushed[item] = now
            return run
        }
        guard let run else { return }
        for frame in run.output { broadcast(item, frame.sequence, frame.bytes, first: frame.first) }
    }

    /// One task at a time waits out the conflation interval (`milliseconds` left of it), then sends every
    /// held run that is due, and waits again for the rest.
    private func scheduleFlush(in milliseconds: Int64) {
        let start = state.withLock { state -> Bool in
            guard !state.flushScheduled else { return false }
            state.flushScheduled = true
            return true
        }
        guard start else { return }
        Task { [weak self] in
            try? await Task.sleep(for: .milliseconds(max(1, milliseconds)))
            guard let self else { return }
            let items = self.state.withLock { state -> Set<ItemID> in
                state.flushScheduled = false
                return Set(state.runs.keys)
            }
            self.flushing.withLock { _ in self.flushRuns(items) }
        }
    }
}
