import BourseCore
import BourseServer
import BourseStore
import Testing

@Suite("Server metrics")
struct MetricsTests {
    /// The value of the sample `name` in the exposition text.
    static func sample(_ metrics: ServerMetrics, _ name: String) -> Double? {
        let text = String(decoding: metrics.render(), as: UTF8.self)
        let line = text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
        return line.flatMap { Double($0.split(separator: " ").last ?? "") }
    }

    /// Regression: `bourse_journal_sequence` read 0 after a restart until the next commit (on a quiet
    /// `--no-demo` server, forever).
    @Test func theJournalSequenceIsTheRecoveredOneBeforeAnyCommit() throws {
        var state = ExchangeState(markets: ServerHarness.markets)
        var events: [Event] = []
        var trades: [TradeRecord] = []
        for _ in 0..<7 {
            let entry = state.nextEntry(at: Timestamp(milliseconds: 1_767_225_600_000)) { _ in
                .deposit(AccountID(1), currency: "KRW", amount: Funds(units: 100))
            }
            state.apply(entry, events: &events, trades: &trades)
        }
        let metrics = ServerMetrics()
        _ = MarketFeed(
            state: state, options: StreamOptions(), metrics: metrics,
            clock: { Timestamp(milliseconds: 1_767_225_600_000) })
        #expect(Self.sample(metrics, "bourse_journal_sequence") == 7)
    }
}
