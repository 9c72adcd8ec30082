import ArgumentParser
import Testing

@testable import bourse

@Suite("Command line")
struct CommandLineTests {
    @Test func demoValidatesItsOptionsWithClearMessages() throws {
        #expect(throws: (any Error).self) { try DemoCommand.parse(["--seconds", "0"]) }
        do {
            _ = try DemoCommand.parse(["--tape", "KRW-NOPE"])
            Issue.record("an unknown market was accepted")
        } catch {
            let message = DemoCommand.message(for: error)
            #expect(message.hasPrefix("Unknown market 'KRW-NOPE' in --tape. Known: BTC-ETH, BTC-XRP, KRW-BTC"))
        }
    }

    @Test func demoDefaultsAreAReasonableLiveRun() throws {
        let demo = try DemoCommand.parse([])
        #expect(demo.seed == 42)
        #expect(demo.seconds == 30)
        #expect(demo.tape == "KRW-BTC")
        #expect(!demo.fast)
    }
}

@Suite("Help text")
struct HelpTextTests {
    @Test func demoHelpIsStable() {
        let expected = """
            OVERVIEW: Run a simulated market in the terminal: trades and tickers from the real matching engine.

            Market makers quote around fair values derived from one random walk per asset (so cross rates
            agree) and takers trade against them as often as each market's liquidity says; every order goes
            through Bourse's matching engine and ledger. The same --seed gives the same market.

            USAGE: bourse demo [--seed <seed>] [--seconds <seconds>] [--steps-per-second <steps-per-second>] [--tape <tape>] [--table-every <table-every>] [--fast] [--no-color]

            OPTIONS:
              --seed <seed>           Seed of the simulation; the same seed gives the same orders. (default: 42)
              --seconds <seconds>     How long to run, in seconds of simulated time. (default: 30)
              --steps-per-second <steps-per-second>
                                      Simulation steps per second. (default: 10)
              --tape <tape>           Markets whose trades are printed on the tape (comma-separated), or 'all'
                                      or 'none'. (default: KRW-BTC)
              --table-every <table-every>
                                      Seconds between ticker tables. (default: 5)
              --fast                  Run as fast as possible from a fixed start time instead of in real time
                                      (deterministic output).
              --no-color              Never colour the output (colour is used only on a terminal anyway).
              --version               Show the version.
              -h, --help              Show help information.

            """
        let actual = Bourse.helpMessage(for: DemoCommand.self, columns: 100)
        for (line, (want, got)) in zip(
            expected.split(separator: "\n", omittingEmptySubsequences: false),
            actual.split(separator: "\n", omittingEmptySubsequences: false)
        ).enumerated() {
            #expect(got == want, "line \(line + 1)")
        }
        #expect(actual.split(separator: "\n").count == expected.split(separator: "\n").count)
    }
}
