import ArgumentParser
import BourseClient
import BourseCommandSupport
import BourseSimulator
import BourseToolkit

/// `bourse bench board`: the SDK's market board model fed ticker updates for many markets.
///
/// Two measurements on one ``MarketBoard`` sorted by change rate (the sort that reorders most):
/// how many ticker updates it absorbs per second (one thread, updates generated beforehand), and how long
/// a sorted snapshot with its diff takes after each round of updates. Progress goes to standard error;
/// standard output gets one line: `bench board: markets=… updates_per_sec=… snapshot_p50_us=… …`.
struct BoardBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "board",
        abstract: "Benchmark the SDK's market board: updates absorbed per second, snapshot + diff time.",
        discussion: """
            Goal: ≥ 1,000,000 updates/s absorbed and ≤ 1 ms per sorted snapshot with its diff for 500 rows.
            """
    )

    @Option(help: "Markets on the board (all quoted in KRW, so every row is on the tab).")
    var markets: Int = 500

    @Option(help: "Ticker updates to absorb in the throughput run.")
    var updates: Int = 10_000_000

    @Option(help: "Snapshots to time; each follows a round of --round updates.")
    var snapshots: Int = 2_000

    @Option(help: "Updates between two snapshots.")
    var round: Int = 500

    @Option(help: "Seed of the generated updates.")
    var seed: UInt64 = 1

    func validate() throws {
        guard markets > 0, updates > 0, snapshots > 0, round > 0 else {
            throw ValidationError("--markets, --updates, --snapshots and --round must be at least 1.")
        }
    }

    func run() throws {
        let listing = (0..<markets).map { index in
            BoardMarket(
                code: "KRW-C\(index)", koreanName: Self.koreanName(index), englishName: "Coin number \(index)")
        }
        var random = SeededRandom(seed: seed)
        let pool = (0..<(1 << 16)).map { _ in
            let market = Int(random.next() % UInt64(markets))
            let rate = Double(Int(random.next() % 4_001) - 2_000) / 10_000
            let price = Double(1 + random.next() % 100_000_000)
            return TickerUpdate(
                code: "KRW-C\(market)", tradePrice: price, signedChangeRate: rate, signedChangePrice: price * rate,
                accTradePrice24h: Double(random.next() % 1_000_000_000_000),
                change: rate > 0 ? .rise : rate < 0 ? .fall : .even)
        }
        var board = MarketBoard(
            markets: listing, settings: BoardSettings(sort: BoardSort(.changeRate, .descending)))
        for update in pool { board.apply(update) }
        _ = board.snapshot()

        Progress.line("absorbing \(updates) ticker updates over \(markets) markets")
        let mask = pool.count - 1
        let start = MonotonicClock.nanoseconds()
        for index in 0..<updates { board.apply(pool[index & mask]) }
        let elapsed = MonotonicClock.nanoseconds() - start
        let perSecond = Int(Double(updates) * 1e9 / Double(max(elapsed, 1)))
        Progress.line("  \(perSecond) updates/s (\(elapsed / 1_000_000) ms)")

        Progress.line("timing \(snapshots) snapshots, each after \(round) updates")
        var times: [Int64] = []
        times.reserveCapacity(snapshots)
        var cursor = 0
        var rows = 0
        var moved = 0
        for _ in 0..<snapshots {
            for _ in 0..<round {
                board.apply(pool[cursor & mask])
                cursor &+= 1
            }
            let before = MonotonicClock.nanoseconds()
            let snapshot = board.snapshot()
            times.append(MonotonicClock.nanoseconds() - before)
            rows = snapshot.rows.count
            moved += snapshot.diff.moved.count
        }
        times.sort()
        func micros(_ quantile: Double) -> String { String(Double(times.percentile(quantile) / 100) / 10) }
        Progress.line("  \(rows) rows, \(moved / snapshots) moves per snapshot on average")
        print(
            "bench board: markets=\(markets) updates_per_sec=\(perSecond) snapshot_p50_us=\(micros(0.5)) "
                + "snapshot_p99_us=\(micros(0.99)) snapshot_max_us=\(micros(1.0)) rows=\(rows)")
    }

    /// A made-up two-to-four-syllable Korean name, different per index.
    static func koreanName(_ index: Int) -> String {
        let syllables = Array("비트코인이더리움리플도지솔라나에이다폴카닷체인링크스텔라트론")
        var name = ""
        var rest = index
        repeat {
            name.append(syllables[rest % syllables.count])
            rest /= syllables.count
        } while rest > 0
        return name + "코인"
    }
}
