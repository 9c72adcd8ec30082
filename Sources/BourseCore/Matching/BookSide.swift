/// One side of a book: its price levels in a sorted array with the **best price last**, so taking the
/// best level and adding levels near the touch move few elements.
///
/// Bids are stored ascending (highest, the best, last); asks descending (lowest last).
struct BookSide {
    let side: Side
    /// Level prices, best last.
    private(set) var prices: ContiguousArray<Int64> = []
    /// The level slot of each price in `prices`.
    private(set) var levels: ContiguousArray<Int32> = []

    init(side: Side) { self.side = side }

    var isEmpty: Bool { prices.isEmpty }
    var count: Int { prices.count }

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

    func level(at price: Int64) -> Int32? {
        let (index, found) = position(of: price)
        return found ? levels[index] : nil
    }

    mutating func insert(price: Int64, level: Int32) {
        let (index, found) = position(of: price)
        precondition(!found, "level already exists")
        prices.insert(price, at: index)
        levels.insert(level, at: index)
    }

    mutating func remove(price: Int64) {
        if prices.last == price {
            prices.removeLast()
            levels.removeLast()
            return
        }
        let (index, found) = position(of: price)
        precondition(found, "removing a missing level")
        prices.remove(at: index)
        levels.remove(at: index)
    }

    /// Level slots from the best outwards.
    var levelsBestFirst: ReversedCollection<ContiguousArray<Int32>> { levels.reversed() }
}
