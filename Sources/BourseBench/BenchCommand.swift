public import ArgumentParser

/// `bourse bench`: performance measurements of Bourse's own code, each ending with one summary line.
public struct BenchCommand: AsyncParsableCommand {
    /// The command tree: one subcommand per benchmark.
    public static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure Bourse's performance.",
        discussion: """
            The server benchmarks start `bourse serve` as a child process: this executable, or the one \
            $BOURSE_BENCH_SERVER names, so two builds of the server can be compared under one load generator.
            """,
        subcommands: [
            EngineBenchCommand.self, JournalBenchCommand.self, RecoveryBenchCommand.self, CandlesBenchCommand.self,
            RestBenchCommand.self, FanoutBenchCommand.self, OrdersBenchCommand.self, BoardBenchCommand.self,
            AuctionBenchCommand.self, ChatBenchCommand.self, MemoryBenchCommand.self,
        ]
    )

    /// Parsed by ArgumentParser.
    public init() {}
}
