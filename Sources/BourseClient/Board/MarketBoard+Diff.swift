extension MarketBoard {
    /// The diff from `old` to `new` (market slots in order): removals, insertions, a minimal set of moves
    /// (rows outside a longest run that kept its relative order), and the rows in both that `changed`.
    static func diff(from old: [Int], to new: [Int], marketCount: Int, changed: [Bool]) -> BoardDiff {
        var diff = BoardDiff()
        var oldPosition = [Int32](repeating: -1, count: marketCount)
        for (position, slot) in old.enumerated() { oldPosition[slot] = Int32(position) }
        var inNew = [Bool](repeating: false, count: marketCount)
        for slot in new { inNew[slot] = true }
        for (position, slot) in old.enumerated() where !inNew[slot] { diff.removed.append(position) }

        // The rows in both, in new order, with their old positions; those on a longest increasing run of
        // old positions stay, the others move.
        var kept: [(from: Int, to: Int)] = []
        kept.reserveCapacity(new.count)
        for (position, slot) in new.enumerated() {
            let from = oldPosition[slot]
            if from < 0 { diff.inserted.append(position) } else { kept.append((Int(from), position)) }
        }
        let staying = longestIncreasingRun(kept.map(\.from))
        for (index, pair) in kept.enumerated() {
            if !staying[index] { diff.moved.append(BoardMove(from: pair.from, to: pair.to)) }
            if changed[new[pair.to]] { diff.updated.append(pair.to) }
        }
        return diff
    }

    /// Marks the elements of one longest strictly increasing subsequence of `values` (patience sorting,
    /// O(n log n)).
    static func longestIncreasingRun(_ values: [Int]) -> [Bool] {
        var tails: [Int] = []  // index into values of the smallest tail of each run length
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var marked = [Bool](repeating: false, count: values.count)
        var index = tails.last ?? -1
        while index >= 0 {
            marked[index] = true
            index = previous[index]
        }
        return marked
    }
}
