import BourseCore
import BourseStore
import Testing

@testable import BourseServer

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

    /// Metrics carry labels: throttled requests by Upbit rate-limit group, messages by endpoint.
    @Test func labelledMetricsAreExposedWithTheirLabels() {
        let metrics = ServerMetrics()
        metrics.throttled(group: "ticker")
        metrics.throttled(group: "ticker")
        metrics.privateMessagesSent.increment()
        let text = String(decoding: metrics.render(), as: UTF8.self)
        #expect(text.contains(#"bourse_http_throttled_requests_total{group="ticker"} 2"#), "\(text)")
        #expect(text.contains(#"bourse_websocket_messages_sent_total{endpoint="private"} 1"#))
        #expect(text.contains(#"bourse_websocket_messages_sent_total{endpoint="public"} 0"#))
    }
}
