/// The stream's per-item sequence bookkeeping: which changes a reader has had, so that each reaches it
/// once and in order, and what to ask for (`since`) when the stream subscribes again. Pure: events in,
/// events to deliver out.
///
/// The server numbers each item's changes 1, 2, 3… without gaps, and on one connection sends them in that
/// order, but around a subscription they can arrive out of order: a live change can overtake the snapshot
/// (or the missed changes of a resume) that the subscription queues just after it. So a change that
/// leaves a gap, or one of an item whose snapshot has not come yet, is held back until what precedes it
/// arrives. A change or snapshot at or below the last delivered is a duplicate (a resume replays from
/// `since`; a subscription made on opening and again by the app sends two snapshots) and dropped; a newer
/// snapshot supersedes everything up to its `seq`. A conflated `price` event covers the changes
/// `firstSeq…seq` at once: it follows on from the last delivered when its `firstSeq` does.
struct AuctionSequences: Sendable {
    /// Per item, the `seq` of the last change or snapshot delivered.
    private(set) var last: [Int64: Int64] = [:]
    /// Per item, changes waiting for the gap before them to fill, by `firstSeq`.
    private var held: [Int64: [Int64: AuctionStream.Event]] = [:]

    /// At most this many changes are held per item; past it they are dropped and a resume asked for again
    /// (the resume's replay or snapshot brings them back).
    static let maximumHeld = 256

    /// What to do after an event.
    struct Outcome: Equatable {
        /// The events for the readers, in order (none for a duplicate, several when a gap fills).
        var deliver: [AuctionStream.Event] = []
        /// A gap opened in an item the stream had followed: subscribe again with ``since`` so the server
        /// sends what is missing (or a snapshot).
        var resume = false
    }

    /// `since` for the next subscription: the last `seq` delivered per item.
    var since: [Int64: Int64] { last }

    /// Whether a change of `item` is held back, waiting for the ones before it.
    func isHolding(_ item: Int64) -> Bool { !(held[item]?.isEmpty ?? true) }

    mutating func accept(_ event: AuctionStream.Event) -> Outcome {
        switch event.ordering {
        case .aside:
            return Outcome(deliver: [event])
        case .snapshot:
            if let seen = last[event.item], event.seq <= seen { return Outcome() }
            last[event.item] = event.seq
            return Outcome(deliver: [event] + release(event.item))
        case .change:
            guard let seen = last[event.item] else {
                // Followed, but its snapshot is still on the way: it comes next and says where to start.
                hold(event)
                return Outcome()
            }
            if event.seq <= seen { return Outcome() }
            if event.firstSeq <= seen + 1 {
                last[event.item] = event.seq
                return Outcome(deliver: [event] + release(event.item))
            }
            let first = !isHolding(event.item)
            let overflowed = !hold(event)
            return Outcome(resume: first || overflowed)
        }
    }

    /// Forgets the items the stream no longer follows (the server's list in `subscribed`), so `since`
    /// does not grow with every item a page ever showed.
    mutating func keep(only items: Set<Int64>) {
        last = last.filter { items.contains($0.key) }
        held = held.filter { items.contains($0.key) }
    }

    /// Holds `event` back; returns false if the item held too many already (they are all dropped then).
    @discardableResult
    private mutating func hold(_ event: AuctionStream.Event) -> Bool {
        var waiting = held[event.item] ?? [:]
        guard waiting.count < Self.maximumHeld else {
            held[event.item] = nil
            return false
        }
        waiting[event.firstSeq] = event
        held[event.item] = waiting
        return true
    }

    /// The held changes of `item` that now follow on from the last delivered, in order; drops the ones
    /// at or below it.
    private mutating func release(_ item: Int64) -> [AuctionStream.Event] {
        guard var waiting = held[item], var seen = last[item] else { return [] }
        waiting = waiting.filter { $0.value.seq > seen }
        var released: [AuctionStream.Event] = []
        while let first = waiting.keys.filter({ $0 <= seen + 1 }).min(), let next = waiting.removeValue(forKey: first) {
            released.append(next)
            seen = next.seq
        }
        last[item] = seen
        held[item] = waiting.isEmpty ? nil : waiting
        return released
    }
}
