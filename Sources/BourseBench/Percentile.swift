extension [Int64] {
    /// The value at `fraction` (0…1) of this sorted array, by nearest rank (1 is the largest); 0 when empty.
    func percentile(_ fraction: Double) -> Int64 {
        guard !isEmpty else { return 0 }
        return self[Swift.min(count - 1, Int(Double(count) * fraction))]
    }
}
