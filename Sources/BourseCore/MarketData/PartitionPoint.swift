extension RandomAccessCollection {
    /// The first index whose element does not satisfy `isBefore`, in a collection where every element
    /// satisfying it comes first (binary search, O(log n)).
    public func partitionPoint(where isBefore: (Element) -> Bool) -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if isBefore(self[middle]) {
                low = index(after: middle)
                count -= half + 1
            } else {
                count = half
            }
        }
        return low
    }
}
