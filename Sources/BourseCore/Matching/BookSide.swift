/// One side of a book: its price levels in a sorted array with the **best price last**, so taking the
/// best level is a `removeLast` and new levels near the touch move few elements.
///
/// Bids are stored ascending (highest, the best, last); asks descending (lowest last).
///
/// A level that empties away from the touch is not removed but left as a tombstone (level slot `-1`):
/// when an order arrives at that price again, the entry is revived without shifting the array. Books
/// churn over a limited set of prices, so this turns most level insertions and removals into O(log n)
/// searches. Trailing tombstones are trimmed at once (the last entry is always a live level), and the
/// array is compacted when tombstones outnumber live levels by ``compactionSlack``.
struct BookSide: Equatable, Codable {
    let side: Side
    /// Level prices, best last.
    private(set) var prices: ContiguousArray<Int64> = []
    /// The level slot of each price in `prices`; `-1` for an emptied level kept as a tombstone.
    private(set) var levels: ContiguousArray<Int32> = []
    private(set) var tombstones = 0

    /// Tombstones allowed beyond the number of live levels before the array is compacted.
    static let compactionSlack = 1_024

    init(side: Side) { self.side = side }

    var isEmpty: Bool { prices.isEmpty }

    /// The number of live levels.
    var count: Int { prices.count - tombstones }

    /// The best level's slot.
    var bestLevel: Int32? { levels.last }

    /// The best price.
    var bestPrice: Int64? { prices.last }

    /// `true` when `a` is a better price than `b` for this side.
    @inline(__always) func isBetter(_ a: Int64, than b: Int64) -> Bool {
        side == .bid ? a > b : a < b
    }

    /// The position of `price`, or where it would be inserted.
    @inline(__always) private func position(of price: Int64) -> (index: Int, found: Bool) {
        var low = 0
        var high = prices.count
        while low < high {
            let middle = (low + high) >> 1
            let probe = prices[middle]
            if probe == price { return (middle, true) }
            // Stored worst first: an element worse than `price` comes before it.
            if isBetter(price, than: probe) { low = middle + 1 } else { high = middle }
        }
        return (low, false)
    }

    /// The live level at `price`, if any.
    func level(at price: Int64) -> Int32? {
        let (index, found) = position(of: price)
        return found && levels[index] >= 0 ? levels[index] : nil
    }

    /// The live level at `price`; if there is none, `spare` becomes that level (a tombstone is revived or
    /// an entry inserted) and is returned. One binary search either way.
    @inline(__always) mutating func level(at price: Int64, orInsert spare: Int32) -> Int32 {
        let (index, found) = position(of: price)
        if found {
            if levels[index] >= 0 { return levels[index] }
            levels[index] = spare
            tombstones -= 1
            return spare
        }
        prices.insert(price, at: index)
        levels.insert(spare, at: index)
        return spare
    }

    /// Adds a level at `price`, which must have no live level.
    mutating func insert(price: Int64, level: Int32) {
        precondition(self.level(at: price) == nil, "level already exists")
        _ = self.level(at: price, orInsert: level)
    }

    /// Removes the live level at `price`.
    mutating func remove(price: Int64) {
        if prices.last == price {
            prices.removeLast()
            levels.removeLast()
            while let last = levels.last, last < 0 {
                prices.removeLast()
                levels.removeLast()
                tombstones -= 1
            }
            return
        }
        let (index, found) = position(of: price)
        precondition(found && levels[index] >= 0, "removing a missing level")
        levels[index] = -1
        tombstones += 1
        if tombstones > count + Self.compactionSlack { compact() }
    }

    /// Drops every tombstone, keeping the arrays' capacity.
    private mutating func compact() {
        var kept = 0
        for index in prices.indices where levels[index] >= 0 {
            prices[kept] = prices[index]
            levels[kept] = levels[index]
            kept += 1
        }
        prices.removeLast(prices.count - kept)
        levels.removeLast(levels.count - kept)
        tombstones = 0
    }

    /// Live level slots from the best outwards.
    var levelsBestFirst: LazyFilterSequence<ReversedCollection<ContiguousArray<Int32>>> {
        levels.reversed().lazy.filter { $0 >= 0 }
    }
}
