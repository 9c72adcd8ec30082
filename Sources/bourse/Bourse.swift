import ArgumentParser
import BourseBench

/// The `bourse` command: the composition root that wires the pure core to the terminal and the clock.
@main
struct Bourse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bourse",
        abstract: "A self-hostable, real-time market platform, wire-compatible with Upbit's Open API.",
        version: "0.1.0",
        subcommands: [
            ServeCommand.self, AccountCommand.self, UserCommand.self, KeysCommand.self, DepositCommand.self,
            WithdrawAddressCommand.self,
            DemoCommand.self,
            IngestCommand.self, JournalCommand.self, BenchCommand.self, BoardCommand.self, MarketCommand.self,
            TickerCommand.self, TradesCommand.self, AuctionsCommand.self, PortfolioCommand.self,
        ]
    )
}
