import ArgumentParser

/// `bourse bench`: performance measurements of Bourse's own code, each ending with one summary line.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure Bourse's performance.",
        subcommands: [
            EngineBenchCommand.self, JournalBenchCommand.self, RecoveryBenchCommand.self, CandlesBenchCommand.self,
            RestBenchCommand.self, FanoutBenchCommand.self, OrdersBenchCommand.self, BoardBenchCommand.self,
        ]
    )
}
