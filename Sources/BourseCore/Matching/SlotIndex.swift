/// An open-addressing hash map from a non-zero `UInt64` key (an order id, an account) to a `UInt64`
/// slot, with no allocation after growth.
///
/// Linear probing with backward-shift deletion (no tombstones), so lookups stay short under the
/// constant churn of place-and-cancel. Key `0` marks an empty bucket.
struct SlotIndex: Equatable, Codable {
    private var keys: ContiguousArray<UInt64>
    private var values: ContiguousArray<UInt64>
    private var mask: Int
    private(set) var count = 0

    init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = ContiguousArray(repeating: 0, count: size)
        values = ContiguousArray(repeating: 0, count: size)
        mask = size - 1
    }

    @inline(__always) private func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 20) & mask
    }

    func value(for key: UInt64) -> UInt64? {
        var index = home(key)
        while true {
            let found = keys[index]
            if found == key { return values[index] }
            if found == 0 { return nil }
            index = (index + 1) & mask
        }
    }

    mutating func insert(_ key: UInt64, _ value: UInt64) {
        precondition(key != 0, "key 0 is reserved")
        if (count + 1) * 4 > keys.count * 3 { grow() }
        var index = home(key)
        while keys[index] != 0 && keys[index] != key { index = (index + 1) & mask }
        if keys[index] == 0 { count += 1 }
        keys[index] = key
        values[index] = value
    }

    mutating func remove(_ key: UInt64) {
        var index = home(key)
        while keys[index] != key {
            if keys[index] == 0 { return }
            index = (index + 1) & mask
        }
        count -= 1
        // Shift later members of the probe run back so no lookup stops early at the hole.
        var hole = index
        var probe = (index + 1) & mask
        while keys[probe] != 0 {
            let wanted = home(keys[probe])
            let distanceFromHome = (probe - wanted) & mask
            let distanceToHole = (probe - hole) & mask
            if distanceFromHome >= distanceToHole {
                keys[hole] = keys[probe]
                values[hole] = values[probe]
                hole = probe
            }
            probe = (probe + 1) & mask
        }
        keys[hole] = 0
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        keys = ContiguousArray(repeating: 0, count: oldKeys.count * 2)
        values = ContiguousArray(repeating: 0, count: oldKeys.count * 2)
        mask = keys.count - 1
        count = 0
        for (key, value) in zip(oldKeys, oldValues) where key != 0 { insert(key, value) }
    }
}
