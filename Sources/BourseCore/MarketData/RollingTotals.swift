/// Traded funds and volume over the last 24 hours, exact to the minute, in bounded memory.
///
/// Trades are summed into one bucket per UTC minute, in a ring of 1,440 buckets. The window at time `t`
/// is the bucket of `t`'s minute and the 1,439 before it: a trade counts until the start of the minute
/// 24 h after its own minute (so for between 23 h 59 m and 24 h). Sums are exact integers; expiring
/// buckets is amortized O(1) per elapsed minute, and a read without a write walks at most 1,439 buckets.
struct RollingTotals: Hashable, Codable, Sendable {
    /// The window length in minutes.
    static let windowMinutes: Int64 = 1_440

    private struct Bucket: Hashable, Codable, Sendable {
        var minute: Int64
        var funds: FixedPointSum<Funds>
        var volume: FixedPointSum<Volume>
    }

    /// Allocated on the first trade, so idle markets cost nothing.
    private var buckets: ContiguousArray<Bucket> = []
    /// The oldest minute whose bucket may still be counted in the totals.
    private var oldestMinute: Int64 = 0
    /// The funds in the window ending at the last write or expiry.
    private(set) var funds = FixedPointSum<Funds>()
    /// The volume in the window ending at the last write or expiry.
    private(set) var volume = FixedPointSum<Volume>()

    /// The UTC minute number (minutes since the epoch) of `time`.
    static func minute(of time: Timestamp) -> Int64 {
        UTCCalendar.floorDivide(time.milliseconds, UTCCalendar.millisecondsPerMinute)
    }

    /// Adds a trade made in `minute`, which must not be before an earlier write's minute.
    mutating func record(funds tradeFunds: Funds, volume tradeVolume: Volume, inMinute minute: Int64) {
        if buckets.isEmpty {
            let empty = Bucket(minute: .min, funds: .zero, volume: .zero)
            buckets = ContiguousArray(repeating: empty, count: Int(Self.windowMinutes))
            oldestMinute = minute - Self.windowMinutes + 1
        }
        expire(toWindowEndingIn: minute)
        let slot = Int(UTCCalendar.floorModulo(minute, Self.windowMinutes))
        if buckets[slot].minute != minute { buckets[slot] = Bucket(minute: minute, funds: .zero, volume: .zero) }
        buckets[slot].funds.add(tradeFunds)
        buckets[slot].volume.add(tradeVolume)
        funds.add(tradeFunds)
        volume.add(tradeVolume)
    }

    /// Drops the buckets that have left the window ending in `minute`.
    mutating func expire(toWindowEndingIn minute: Int64) {
        let totals = totals(inWindowEndingIn: minute)
        funds = totals.funds
        volume = totals.volume
        oldestMinute = max(oldestMinute, minute - Self.windowMinutes + 1)
    }

    /// The sums over the window ending in `minute`, without changing anything.
    func totals(inWindowEndingIn minute: Int64) -> (funds: FixedPointSum<Funds>, volume: FixedPointSum<Volume>) {
        let windowStart = minute - Self.windowMinutes + 1
        guard !buckets.isEmpty, windowStart > oldestMinute else { return (funds, volume) }
        // Every counted bucket is older than the window: nothing is left.
        if windowStart - oldestMinute >= Self.windowMinutes { return (.zero, .zero) }
        var funds = self.funds
        var volume = self.volume
        for expired in oldestMinute..<windowStart {
            let bucket = buckets[Int(UTCCalendar.floorModulo(expired, Self.windowMinutes))]
            if bucket.minute == expired {
                funds.subtract(bucket.funds)
                volume.subtract(bucket.volume)
            }
        }
        return (funds, volume)
    }
}
