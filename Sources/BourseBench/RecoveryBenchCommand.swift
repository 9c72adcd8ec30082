import ArgumentParser
import BourseCommandSupport
import BourseCore
import BourseStore
import BourseWorkloads
import Foundation

/// `bourse bench recovery`: how long start-up takes to rebuild the exchange from a journal with no
/// snapshot (the worst case: every entry is read, checked, decoded and applied).
struct RecoveryBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recovery",
        abstract: "Benchmark start-up recovery from a journal with no snapshot.",
        discussion: """
            Journals --commands commands of the engine benchmark's order flow into a fresh store (untimed), \
            then times DurableExchange.recover: reading the records, checking and decoding them, and applying \
            every entry. Ends with one line: bench recovery: store=<s> entries=<n> recovery_ms=<n> \
            entries_per_sec=<n>
            """
    )

    @OptionGroup var storage: StoreOptions

    @Option(help: "Commands in the journal.")
    var commands: Int = 1_000_000

    func validate() throws {
        guard commands > 0 else { throw ValidationError("--commands must be at least 1.") }
    }

    func run() async throws {
        Progress.line("generating the order flow: \(commands) commands")
        let flow = EngineFlow(commands: commands)
        try await BenchStore.withFreshStore(storage) { store in try await measure(flow, store) }
    }

    private func measure(_ flow: EngineFlow, _ store: any Store) async throws {
        var options = DurableExchange.Options()
        options.snapshotInterval = .max
        options.snapshotOnShutdown = false
        let exchange = DurableExchange(
            state: ExchangeState(markets: [flow.market], marketData: MarketData.durable), store: store,
            options: options, clock: { flow.time })
        Progress.line("journaling \(flow.setup.count + commands) commands")
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await exchange.run() }
            let all = flow.setup + flow.commands
            for start in stride(from: 0, to: all.count, by: 8_192) {
                _ = try await exchange.submit(
                    all[start..<min(start + 8_192, all.count)].map { command in
                        { @Sendable _ in command }
                    })
            }
            exchange.shutdown()
            try await group.waitForAll()
        }
        let expected = exchange.withState { $0 }
        Progress.line("recovering")
        let start = MonotonicClock.nanoseconds()
        let (state, report) = try await DurableExchange.recover(from: store, markets: [flow.market])
        let elapsed = MonotonicClock.nanoseconds() - start
        guard state == expected, report.replayedEntries == flow.setup.count + commands else {
            Progress.line("error: the recovered state differs from the state before the stop")
            throw ExitCode.failure
        }
        Progress.line("recovered state equals the state before the stop (\(report.replayedEntries) entries)")
        let perSecond = Int(Double(report.replayedEntries) * 1e9 / Double(max(elapsed, 1)))
        print(
            "bench recovery: store=\((storage.store ?? .sqlite).rawValue) entries=\(report.replayedEntries) "
                + "recovery_ms=\(elapsed / 1_000_000) entries_per_sec=\(perSecond)")
    }
}
