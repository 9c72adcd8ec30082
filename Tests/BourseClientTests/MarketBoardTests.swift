import BourseClient
import BourseSimulator
import BourseToolkit
import Testing

@Suite("Market board: tabs, sorting, search, favourites, liquidity, stable order and diffs")
struct MarketBoardTests {
    static let markets = [
        BoardMarket(code: "KRW-BTC", koreanName: "비트코인", englishName: "Bitcoin"),
        BoardMarket(code: "KRW-ETH", koreanName: "이더리움", englishName: "Ethereum"),
        BoardMarket(code: "KRW-XRP", koreanName: "리플", englishName: "Ripple"),
        BoardMarket(code: "BTC-ETH", koreanName: "이더리움", englishName: "Ethereum"),
        BoardMarket(code: "KRW-DOGE", koreanName: "도지코인", englishName: "Dogecoin"),
        BoardMarket(code: "USDT-BTC", koreanName: "비트코인", englishName: "Bitcoin"),
    ]

    static func ticker(_ code: String, price: Double, rate: Double = 0, value: Double = 1_000) -> TickerUpdate {
        TickerUpdate(
            code: code, tradePrice: price, signedChangeRate: rate, signedChangePrice: price * rate,
            accTradePrice24h: value, change: rate > 0 ? .rise : rate < 0 ? .fall : .even)
    }

    static func filled() -> MarketBoard {
        var board = MarketBoard(markets: markets)
        board.apply(ticker("KRW-BTC", price: 140_000_000, rate: 0.01, value: 900e9))
        board.apply(ticker("KRW-ETH", price: 5_000_000, rate: -0.02, value: 400e9))
        board.apply(ticker("KRW-XRP", price: 3_000, rate: 0.05, value: 300e9))
        board.apply(ticker("KRW-DOGE", price: 500, rate: 0, value: 2e9))
        board.apply(ticker("BTC-ETH", price: 0.035, rate: 0.001, value: 12))
        return board
    }

    static func codes(_ snapshot: BoardSnapshot) -> [String] { snapshot.rows.map(\.id) }

    @Test func theKRWTabInListingOrderByDefault() {
        var board = Self.filled()
        let first = board.snapshot()
        #expect(Self.codes(first) == ["KRW-BTC", "KRW-ETH", "KRW-XRP", "KRW-DOGE"])
        #expect(first.diff.isInitial && first.diff.inserted == [0, 1, 2, 3])
        #expect(board.apply(Self.ticker("KRW-NOPE", price: 1)) == false)
        #expect(board.updatesAbsorbed == 5)
    }

    @Test(arguments: [
        (BoardSort(.price, .descending), ["KRW-BTC", "KRW-ETH", "KRW-XRP", "KRW-DOGE"]),
        (BoardSort(.price, .ascending), ["KRW-DOGE", "KRW-XRP", "KRW-ETH", "KRW-BTC"]),
        (BoardSort(.changeRate, .descending), ["KRW-XRP", "KRW-BTC", "KRW-DOGE", "KRW-ETH"]),
        (BoardSort(.tradedValue, .ascending), ["KRW-DOGE", "KRW-XRP", "KRW-ETH", "KRW-BTC"]),
        (BoardSort(.name, .ascending), ["KRW-DOGE", "KRW-XRP", "KRW-BTC", "KRW-ETH"]),
    ])
    func sortKeys(sort: BoardSort, expected: [String]) {
        var board = Self.filled()
        board.settings.sort = sort
        #expect(Self.codes(board.snapshot()) == expected)
    }

    @Test func sortingByEnglishNameAndRowsWithoutATickerLast() {
        var board = Self.filled()
        board.settings = BoardSettings(tab: .usdt, sort: BoardSort(.price, .descending))
        #expect(Self.codes(board.snapshot()) == ["USDT-BTC"])
        #expect(board.snapshot().rows[0].ticker == nil)
        board.settings = BoardSettings(tab: .krw, sort: BoardSort(.name, .descending), names: .english)
        #expect(Self.codes(board.snapshot()) == ["KRW-XRP", "KRW-ETH", "KRW-DOGE", "KRW-BTC"])
        var fresh = MarketBoard(markets: Self.markets, settings: BoardSettings(sort: BoardSort(.price, .ascending)))
        fresh.apply(Self.ticker("KRW-XRP", price: 3_000))
        #expect(Self.codes(fresh.snapshot()) == ["KRW-XRP", "KRW-BTC", "KRW-ETH", "KRW-DOGE"])
    }

    @Test func searchFavouritesAndTheLiquidityFilter() {
        var board = Self.filled()
        board.settings.query = "ㅇㄷ"
        #expect(Self.codes(board.snapshot()) == ["KRW-ETH"])
        board.settings.tab = .btc
        #expect(Self.codes(board.snapshot()) == ["BTC-ETH"])
        board.settings = BoardSettings(tab: .favourites)
        #expect(Self.codes(board.snapshot()).isEmpty)
        #expect(board.toggleFavourite("USDT-BTC") && board.toggleFavourite("KRW-XRP"))
        let favourites = board.snapshot()
        #expect(Self.codes(favourites) == ["KRW-XRP", "USDT-BTC"])
        #expect(favourites.rows.allSatisfy { $0.isFavourite })
        #expect(board.toggleFavourite("KRW-XRP") == false)
        #expect(Self.codes(board.snapshot()) == ["USDT-BTC"])
        board.settings = BoardSettings(tab: .krw, minimumTradedValue: 100e9)
        #expect(Self.codes(board.snapshot()) == ["KRW-BTC", "KRW-ETH", "KRW-XRP"])
        board.apply(Self.ticker("KRW-DOGE", price: 600, rate: 0.2, value: 150e9))
        let snapshot = board.snapshot()
        #expect(Self.codes(snapshot) == ["KRW-BTC", "KRW-ETH", "KRW-XRP", "KRW-DOGE"])
        #expect(snapshot.diff.inserted == [3] && snapshot.diff.removed.isEmpty)
    }

    @Test func aPriceChangeIsAnUpdateAndAMoveWhenItReorders() {
        var board = Self.filled()
        board.settings.sort = BoardSort(.price, .descending)
        _ = board.snapshot()
        #expect(!board.hasChanges)
        board.apply(Self.ticker("KRW-ETH", price: 5_100_000, rate: -0.01, value: 401e9))
        let quiet = board.snapshot()
        #expect(quiet.diff.updated == [1] && quiet.diff.moved.isEmpty)
        board.apply(Self.ticker("KRW-DOGE", price: 200_000_000, rate: 3, value: 10e9))
        let jump = board.snapshot()
        #expect(Self.codes(jump) == ["KRW-DOGE", "KRW-BTC", "KRW-ETH", "KRW-XRP"])
        #expect(jump.diff.moved == [BoardMove(from: 3, to: 0)] && jump.diff.updated == [0])
        #expect(board.snapshot().diff.isEmpty)
    }

    @Test func stableOrderKeepsRowsInPlaceUntilAskedToResort() {
        var board = Self.filled()
        board.settings = BoardSettings(sort: BoardSort(.price, .descending), stableOrder: true)
        _ = board.snapshot()
        board.apply(Self.ticker("KRW-DOGE", price: 200_000_000))
        let held = board.snapshot()
        #expect(Self.codes(held) == ["KRW-BTC", "KRW-ETH", "KRW-XRP", "KRW-DOGE"])
        #expect(held.diff.moved.isEmpty && held.diff.updated == [3])
        board.resort()
        #expect(Self.codes(board.snapshot()) == ["KRW-DOGE", "KRW-BTC", "KRW-ETH", "KRW-XRP"])
    }

    @Test func relistingKeepsTickersAndRemovesDelistedRows() {
        var board = Self.filled()
        _ = board.snapshot()
        var listing = Self.markets.filter { $0.code != "KRW-ETH" }
        listing.append(BoardMarket(code: "KRW-SOL", koreanName: "솔라나", englishName: "Solana"))
        board.relist(listing)
        let snapshot = board.snapshot()
        #expect(Self.codes(snapshot) == ["KRW-BTC", "KRW-XRP", "KRW-DOGE", "KRW-SOL"])
        #expect(snapshot.diff.removed == [1] && snapshot.diff.inserted == [3])
        #expect(snapshot.rows[0].ticker?.tradePrice == 140_000_000)
    }

    @Test func relistingTwiceBeforeASnapshotStillRemovesTheFirstOnesRows() {
        var board = Self.filled()
        _ = board.snapshot()
        board.relist(Self.markets.filter { $0.code != "KRW-ETH" })
        board.relist(Self.markets.filter { $0.code != "KRW-ETH" && $0.code != "KRW-XRP" })
        let snapshot = board.snapshot()
        #expect(Self.codes(snapshot) == ["KRW-BTC", "KRW-DOGE"])
        #expect(snapshot.diff.removed == [1, 2])
    }

    /// Random listings (relisted now and then), tickers, settings and favourites: every diff turns the previous rows into the new
    /// ones, reports exactly the rows whose values changed, and moves no more rows than it must.
    @Test func randomDiffsAreCompleteAndMinimal() {
        var random = SeededRandom(seed: 7)
        let codes = (0..<60).map { "KRW-C\($0)" } + (0..<20).map { "BTC-C\($0)" }
        let markets = codes.map { BoardMarket(code: $0, koreanName: "코인\($0.suffix(2))", englishName: "Coin \($0)") }
        var board = MarketBoard(markets: markets)
        var previous: [BoardRow] = []
        for round in 0..<400 {
            if random.next() % 10 == 0 {
                board.relist(markets.filter { _ in random.next() % 8 != 0 })
            }
            let listed = Set(board.markets.map(\.code))
            var touched: Set<String> = []
            for _ in 0..<Int(random.next() % 12) {
                let code = codes[Int(random.next() % UInt64(codes.count))]
                let price = Double(random.next() % 1_000)
                board.apply(Self.ticker(code, price: price, value: Double(random.next() % 5_000)))
                if listed.contains(code) { touched.insert(code) }
            }
            if random.next() % 5 == 0 {
                let code = codes[Int(random.next() % UInt64(codes.count))]
                board.toggleFavourite(code)
                if listed.contains(code) { touched.insert(code) }
            }
            if random.next() % 7 == 0 {
                let keys = BoardSortKey.allCases
                board.settings.sort =
                    random.next() % 4 == 0
                    ? nil
                    : BoardSort(keys[Int(random.next() % 4)], random.next() % 2 == 0 ? .ascending : .descending)
                board.settings.minimumTradedValue = random.next() % 3 == 0 ? 2_500 : 0
                board.settings.tab = [.krw, .btc, .favourites][Int(random.next() % 3)]
                board.settings.stableOrder = random.next() % 3 == 0
            }
            let snapshot = board.snapshot()
            let ids = snapshot.diff.applying(to: previous.map(\.id), new: snapshot.rows.map(\.id))
            #expect(ids == snapshot.rows.map(\.id), "round \(round)")
            let previousIDs = Set(previous.map(\.id))
            let expectUpdated = snapshot.rows.indices.filter {
                previousIDs.contains(snapshot.rows[$0].id) && touched.contains(snapshot.rows[$0].id)
            }
            #expect(snapshot.diff.updated == expectUpdated, "round \(round)")
            // Minimal: the rows that stay form a longest common subsequence of the two orders.
            let kept = snapshot.rows.map(\.id).filter { previousIDs.contains($0) }
            let oldOrder = Dictionary(uniqueKeysWithValues: previous.enumerated().map { ($1.id, $0) })
            #expect(
                kept.count - snapshot.diff.moved.count == Self.longestIncreasing(kept.map { oldOrder[$0]! }),
                "round \(round)")
            previous = snapshot.rows
        }
    }

    static func longestIncreasing(_ values: [Int]) -> Int {
        var best = [Int](repeating: 1, count: values.count)
        for index in values.indices {
            for earlier in 0..<index where values[earlier] < values[index] {
                best[index] = max(best[index], best[earlier] + 1)
            }
        }
        return best.max() ?? 0
    }
}
