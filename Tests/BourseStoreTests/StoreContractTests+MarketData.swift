import BourseCore
import BourseStore
import Testing

/// Candles and trades: what `Store`'s market-data queries return, on every backend.
extension StoreContractTests {
    /// Appends one commit per element of `contents`, with consecutive one-entry records.
    static func appendCommits(
        _ store: any Store, _ contents: [(trades: [TradeRecord], candles: [StoredCandle])]
    )
        async throws
    {
        let first = try await store.lastSequence() + 1
        for (offset, content) in contents.enumerated() {
            let record = F.record(first: first + UInt64(offset), count: 1)
            try await store.append(JournalCommit(record: record, trades: content.trades, candles: content.candles))
        }
    }

    /// Every trade of `market` at any time, with `cursor` and `count`.
    static func allTrades(
        _ store: any Store, _ market: MarketCode = F.krwBTC, before cursor: Int64? = nil, count: Int
    )
        async throws -> [TradeRecord]
    {
        try await store.trades(
            market, from: Timestamp(milliseconds: .min), until: Timestamp(milliseconds: .max), before: cursor,
            count: count
        )
    }

    // MARK: - Candles

    @Test(arguments: StoreBackend.all)
    func candleUpsertReplacesTheOneWithTheSameMarketUnitAndStart(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            try await Self.appendCommits(
                store,
                [
                    ([], [F.stored(F.candle(minute: 0)), F.stored(F.candle(minute: 1))]),
                    ([], [F.stored(F.candle(minute: 1, close: 150))]),
                    // Twice in one commit: the later one is what stays.
                    ([], [F.stored(F.candle(minute: 2, close: 120)), F.stored(F.candle(minute: 2, close: 130))]),
                ]
            )
            let candles = try await store.candles(F.krwBTC, unit: .minute1, before: nil, count: 10)
            #expect(candles == [F.candle(minute: 2, close: 130), F.candle(minute: 1, close: 150), F.candle(minute: 0)])
        }
    }

    @Test(arguments: StoreBackend.all)
    func candleUnitsAndMarketsAreKeptApart(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let btcMinute = F.candle(minute: 0, close: 111)
            let btcThreeMinutes = F.candle(minute: 0, close: 333)
            let ethMinute = F.candle(minute: 0, close: 222)
            try await Self.appendCommits(
                store,
                [
                    (
                        [],
                        [
                            F.stored(btcMinute), F.stored(btcThreeMinutes, F.krwBTC, .minute3),
                            F.stored(ethMinute, F.krwETH),
                        ]
                    )
                ]
            )
            #expect(try await store.candles(F.krwBTC, unit: .minute1, before: nil, count: 10) == [btcMinute])
            #expect(try await store.candles(F.krwBTC, unit: .minute3, before: nil, count: 10) == [btcThreeMinutes])
            #expect(try await store.candles(F.krwETH, unit: .minute1, before: nil, count: 10) == [ethMinute])
            #expect(try await store.candles(F.krwETH, unit: .minute3, before: nil, count: 10).isEmpty)
            #expect(try await store.candles(F.krwBTC, unit: .second, before: nil, count: 10).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.all)
    func candlesComeNewestFirstStartingBeforeAnExclusiveBound(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let candles = (0..<5).map { F.candle(minute: $0) }
            // Out of order on purpose: the order of the answer is the stores' work.
            try await Self.appendCommits(
                store, [([], [3, 0, 4].map { F.stored(candles[$0]) }), ([], [1, 2].map { F.stored(candles[$0]) })])

            #expect(try await store.candles(F.krwBTC, unit: .minute1, before: nil, count: 10) == candles.reversed())
            #expect(
                try await store.candles(F.krwBTC, unit: .minute1, before: candles[3].start, count: 10) == [
                    candles[2], candles[1], candles[0],
                ])
            let justAfter = Timestamp(milliseconds: candles[3].start.milliseconds + 1)
            #expect(
                try await store.candles(F.krwBTC, unit: .minute1, before: justAfter, count: 2) == [
                    candles[3], candles[2],
                ])
            #expect(try await store.candles(F.krwBTC, unit: .minute1, before: candles[0].start, count: 10).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.all)
    func candleCountIsClampedFrom1To200(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            try await Self.appendCommits(store, [([], (0..<250).map { F.stored(F.candle(minute: $0)) })])
            for (asked, expected) in [(0, 1), (-5, 1), (1, 1), (7, 7), (200, 200), (201, 200), (10_000, 200)] {
                let candles = try await store.candles(F.krwBTC, unit: .minute1, before: nil, count: asked)
                #expect(candles.count == expected, "count \(asked)")
                #expect(candles.first == F.candle(minute: 249))
            }
        }
    }

    @Test(arguments: StoreBackend.all)
    func candleTotalsBeyondInt64RoundTripExactly(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            var huge = F.candle(minute: 0)
            huge.accTradeFunds = FixedPointSum(units: .max)
            huge.accTradeVolume = FixedPointSum(units: Int128(Int64.max) * 1_000_003 + 7)
            var negative = F.candle(minute: 1)
            negative.accTradeFunds = FixedPointSum(units: .min + 1)
            try await Self.appendCommits(store, [([], [F.stored(huge), F.stored(negative)])])
            #expect(try await store.candles(F.krwBTC, unit: .minute1, before: nil, count: 10) == [negative, huge])
        }
    }

    // MARK: - Trades

    @Test(arguments: StoreBackend.all)
    func tradesReadBackFieldForFieldNewestFirstAndPerMarket(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let btc = (1...4).map { F.trade(number: $0) }
            let eth = (5...6).map { F.trade(F.krwETH, number: $0) }
            try await Self.appendCommits(store, [(Array(btc[..<2]) + [eth[0]], []), (Array(btc[2...]) + [eth[1]], [])])
            #expect(try await Self.allTrades(store, count: 10) == btc.reversed())
            #expect(try await Self.allTrades(store, F.krwETH, count: 10) == eth.reversed())
        }
    }

    @Test(arguments: StoreBackend.all)
    func tradesFromIsInclusiveAndUntilExclusive(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let trades = (1...6).map { F.trade(number: $0) }
            try await Self.appendCommits(store, [(trades, [])])
            let inRange = try await store.trades(
                F.krwBTC, from: trades[1].time, until: trades[4].time, before: nil, count: 10)
            #expect(inRange == [trades[3], trades[2], trades[1]])
            #expect(
                try await store.trades(F.krwBTC, from: trades[2].time, until: trades[2].time, before: nil, count: 10)
                    .isEmpty)
        }
    }

    @Test(arguments: StoreBackend.all)
    func tradeCursorIsExclusive(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let trades = (1...6).map { F.trade(number: $0) }
            try await Self.appendCommits(store, [(trades, [])])
            #expect(
                try await Self.allTrades(store, before: trades[3].sequentialID, count: 2) == [trades[2], trades[1]])
            #expect(try await Self.allTrades(store, before: trades[3].sequentialID + 1, count: 1) == [trades[3]])
            #expect(try await Self.allTrades(store, before: trades[0].sequentialID, count: 10).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.all)
    func tradeCountIsClampedFrom1To500(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let trades = (1...600).map { F.trade(number: $0) }
            try await Self.appendCommits(store, [(Array(trades[..<300]), []), (Array(trades[300...]), [])])
            for (asked, expected) in [(0, 1), (-1, 1), (1, 1), (42, 42), (500, 500), (501, 500), (5_000, 500)] {
                let answer = try await Self.allTrades(store, count: asked)
                #expect(answer.count == expected, "count \(asked)")
                #expect(answer.first == trades.last)
            }
        }
    }
}
