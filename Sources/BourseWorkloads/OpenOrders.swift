import BourseCore

/// The generator's view of the orders resting in the book, kept up to date from the engine's events.
///
/// Each side is an array (so picking a random order is O(1)) plus a position map (so removing one is
/// O(1) by moving the last into its place). The dictionary is only ever looked up, never iterated, so
/// the view is deterministic whatever the process's hash seed.
struct OpenOrders {
    struct Entry {
        var id: OrderID
        var account: AccountID
        var side: Side
        var price: Price
        /// What is left of its volume, in 10⁻⁸ units.
        var remaining: Int64
        /// When it rested, counting rested orders: the oldest at a price is first in its FIFO.
        var sequence: Int
    }

    private var bids: [Entry] = []
    private var asks: [Entry] = []
    private var positions: [OrderID: Int] = [:]
    private var restedCount = 0

    /// How many orders rest on `side`.
    func count(_ side: Side) -> Int { side == .bid ? bids.count : asks.count }

    /// How many orders rest on both sides.
    var total: Int { bids.count + asks.count }

    /// The open order at `position` (`0 ..< count(side)`) of `side`.
    func entry(_ side: Side, at position: Int) -> Entry { side == .bid ? bids[position] : asks[position] }

    /// The first two orders in the FIFO at `price` on `side`: the next ones an incoming order trades with.
    func queue(_ side: Side, at price: Price) -> (first: Entry, second: Entry?)? {
        var first: Entry?
        var second: Entry?
        for entry in side == .bid ? bids : asks where entry.price == price {
            if entry.sequence < first?.sequence ?? .max {
                second = first
                first = entry
            } else if entry.sequence < second?.sequence ?? .max {
                second = entry
            }
        }
        return first.map { ($0, second) }
    }

    /// Updates the view from one command's events: a rested order is open until it is done or
    /// cancelled, and each trade reduces its maker.
    mutating func apply(_ events: [Event]) {
        for event in events {
            switch event {
            case .rested(let rested):
                insert(rested)
            case .traded(let trade):
                update(trade.makerOrder) { $0.remaining -= trade.volume.units }
            case .done(let done):
                remove(done.order)
            case .cancelled(let cancelled):
                remove(cancelled.order)
            default:
                break
            }
        }
    }

    private mutating func insert(_ rested: OrderRested) {
        precondition(positions[rested.order] == nil, "order \(rested.order) rested twice")
        restedCount += 1
        let entry = Entry(
            id: rested.order, account: rested.account, side: rested.side, price: rested.price,
            remaining: rested.remaining.units, sequence: restedCount)
        if entry.side == .bid {
            positions[entry.id] = bids.count
            bids.append(entry)
        } else {
            positions[entry.id] = asks.count
            asks.append(entry)
        }
    }

    private mutating func update(_ id: OrderID, _ change: (inout Entry) -> Void) {
        guard let position = positions[id] else { return }
        if position < bids.count && bids[position].id == id {
            change(&bids[position])
        } else {
            change(&asks[position])
        }
    }

    /// Forgets `id` if it is open; orders that never rested (IOC remainders, filled takers) are not.
    private mutating func remove(_ id: OrderID) {
        guard let position = positions.removeValue(forKey: id) else { return }
        if position < bids.count && bids[position].id == id {
            let last = bids.removeLast()
            if position < bids.count {
                bids[position] = last
                positions[last.id] = position
            }
        } else {
            let last = asks.removeLast()
            if position < asks.count {
                asks[position] = last
                positions[last.id] = position
            }
        }
    }
}
