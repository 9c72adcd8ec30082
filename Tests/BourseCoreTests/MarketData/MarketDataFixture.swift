import BourseCore

// Instants used across the market-data tests, worked out with Python's datetime.

/// Tuesday 2025-06-24 00:00:00 UTC.
let june24 = Timestamp(milliseconds: 1_750_723_200_000)
/// Monday 2026-03-09 00:00:00 UTC (09:00 KST); Upbit's observed `first_day_of_period`.
let march9 = Timestamp(milliseconds: 1_773_014_400_000)
/// Monday 2025-12-29 00:00:00 UTC, the week that contains 2026-01-01.
let december29 = Timestamp(milliseconds: 1_766_966_400_000)
/// Thursday 2026-01-01 00:00:00 UTC.
let newYear2026 = Timestamp(milliseconds: 1_767_225_600_000)

let oneSecond: Int64 = 1_000
let oneMinute: Int64 = 60_000
let oneHour: Int64 = 3_600_000
let oneDay: Int64 = 86_400_000

extension Timestamp {
    /// This instant moved by `milliseconds`.
    func plus(_ milliseconds: Int64) -> Timestamp { Timestamp(milliseconds: self.milliseconds + milliseconds) }
}

/// A `KRW-BTC` trade with the funds written out (so sums in the tests are checked by hand).
func trade(
    _ price: String, _ volume: String, funds: String, taker: Side = .bid, at time: Timestamp, sequence: UInt64 = 1
) -> Trade {
    Trade(
        market: krwBTC, sequence: sequence, price: p(price), volume: v(volume), funds: f(funds), takerSide: taker,
        makerOrder: OrderID(1), makerAccount: alice, takerOrder: OrderID(2), takerAccount: bob, makerFee: .zero,
        takerFee: .zero, time: time)
}

/// A one-unit trade at `price` (funds equal to the price), for tests about times and prices only.
func tick(_ price: String, at time: Timestamp, sequence: UInt64 = 1) -> Trade {
    trade(price, "1", funds: price, at: time, sequence: sequence)
}

/// The UTC `yyyy-MM-dd'T'HH:mm:ss` of an instant.
func utcString(_ time: Timestamp) -> String { UTCDateTime(time).dateTime }
