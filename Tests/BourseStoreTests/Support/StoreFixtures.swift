import BourseCore
import BourseStore

/// Records, trades and candles for the store contract suite.
enum StoreFixtures {
    static let krwBTC = MarketCode("KRW-BTC")!
    static let krwETH = MarketCode("KRW-ETH")!

    /// 2026-01-01 00:00 UTC.
    static let epochMilliseconds: Int64 = 1_767_225_600_000

    /// A journal record of `count` deposits from sequence `first`, encoded by `JournalCodec` as the writer
    /// encodes them.
    static func record(first: UInt64, count: Int) -> JournalRecord {
        let entries = (0..<UInt64(count)).map { index in
            JournalEntry(
                sequence: first + index, time: Timestamp(milliseconds: epochMilliseconds + Int64(first + index)),
                command: .deposit(
                    AccountID(first + index), currency: "KRW", amount: Funds(units: Int64(first + index) * 100_000_000)
                )
            )
        }
        return JournalRecord(firstSequence: first, count: count, bytes: JournalCodec.encode(entries))
    }

    /// Consecutive records of the given sizes, starting at sequence 1.
    static func records(sizes: [Int]) -> [JournalRecord] {
        var next: UInt64 = 1
        return sizes.map { size in
            defer { next += UInt64(size) }
            return record(first: next, count: size)
        }
    }

    /// Trade number `number` of `market`, made `number` seconds after ``epochMilliseconds``, with every field
    /// distinct so a mixed-up column shows.
    static func trade(_ market: MarketCode = krwBTC, number: UInt64) -> TradeRecord {
        let time = epochMilliseconds + Int64(number) * 1000
        return TradeRecord(
            market: market, sequence: number, sequentialID: time * 10_000 + Int64(number % 10_000),
            time: Timestamp(milliseconds: time), price: Price(units: 140_000_000 * 100_000_000 + Int64(number) * 1000),
            volume: Volume(units: 1_234_567 + Int64(number)), funds: Funds(units: 1_728_393_800_000 + Int64(number)),
            takerSide: number.isMultiple(of: 2) ? .bid : .ask, previousClose: Price(units: 139_000_000 * 100_000_000)
        )
    }

    /// A one-minute candle starting `minute` minutes after ``epochMilliseconds``, with distinct fields.
    static func candle(minute: Int64, close: Int64 = 101) -> Candle {
        let start = epochMilliseconds + minute * 60_000
        var candle = Candle(
            start: Timestamp(milliseconds: start), price: Price(units: 100 * 100_000_000),
            volume: Volume(units: 5_000_000 + minute), funds: Funds(units: 500_000_000 + minute),
            time: Timestamp(milliseconds: start + 1_000), previousClose: Price(units: 99 * 100_000_000)
        )
        candle.add(
            price: Price(units: close * 100_000_000), volume: Volume(units: 7), funds: Funds(units: 707),
            time: Timestamp(milliseconds: start + 59_000)
        )
        return candle
    }

    /// `candle` of `market` and `unit`, as commits carry it.
    static func stored(_ candle: Candle, _ market: MarketCode = krwBTC, _ unit: CandleUnit = .minute1) -> StoredCandle {
        StoredCandle(market: market, unit: unit, candle: candle)
    }
}
