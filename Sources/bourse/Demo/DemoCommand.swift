import ArgumentParser
import BourseCore
import BourseSimulator
import Foundation

/// `bourse demo`: a simulated market running through the real engine, printed as a trade tape and a
/// ticker table. It needs no network and no database.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run a simulated market in the terminal: trades and tickers from the real matching engine.",
        discussion: """
            Market makers quote around fair values derived from one random walk per asset (so cross rates \
            agree) and takers trade against them as often as each market's liquidity says; every order \
            goes through Bourse's matching engine and ledger. The same --seed gives the same market.
            """
    )

    @Option(help: "Seed of the simulation; the same seed gives the same orders.")
    var seed: UInt64 = 42

    @Option(help: "How long to run, in seconds of simulated time.")
    var seconds: Int = 30

    @Option(help: "Simulation steps per second.")
    var stepsPerSecond: Int = 10

    @Option(help: "Markets whose trades are printed on the tape (comma-separated), or 'all' or 'none'.")
    var tape: String = "KRW-BTC"

    @Option(help: "Seconds between ticker tables.")
    var tableEvery: Int = 5

    @Flag(help: "Run as fast as possible from a fixed start time instead of in real time (deterministic output).")
    var fast = false

    @Flag(help: "Never colour the output (colour is used only on a terminal anyway).")
    var noColor = false

    func validate() throws {
        guard seconds > 0 else { throw ValidationError("--seconds must be at least 1.") }
        guard (1...1000).contains(stepsPerSecond) else {
            throw ValidationError("--steps-per-second must be 1 to 1000.")
        }
        guard tableEvery > 0 else { throw ValidationError("--table-every must be at least 1.") }
        let known = Set(DemoMarket.defaults.map(\.market.code.description))
        for code in tapeCodes where !known.contains(code) {
            throw ValidationError(
                "Unknown market '\(code)' in --tape. Known: \(known.sorted().joined(separator: ", ")).")
        }
    }

    private var tapeCodes: [String] {
        switch tape {
        case "all": DemoMarket.defaults.map(\.market.code.description)
        case "none", "": []
        default: tape.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).uppercased() }
        }
    }

    func run() throws {
        var simulator = MarketSimulator(seed: seed)
        var exchange = Exchange(markets: simulator.listedMarkets)
        let output = DemoTape(colors: !noColor && isatty(STDOUT_FILENO) == 1)
        let start = fast ? Timestamp(milliseconds: 1_767_225_600_000) : Self.now()
        var events: [Event] = []
        for command in simulator.fundingCommands() { exchange.handle(command, at: start, into: &events) }
        // The participants trade only what they know they hold.
        simulator.observe(events)

        let starts = simulator.fairValues
        var stats = simulator.listedMarkets.map { MarketStats(market: $0, reference: starts[$0.code]!) }
        let tapeSet = Set(tapeCodes)
        let stepMilliseconds = Int64(1000 / stepsPerSecond)
        let totalSteps = seconds * stepsPerSecond
        print(
            "Bourse demo: \(stats.count) markets, seed \(seed), \(seconds) s at \(stepsPerSecond) steps/s. Ctrl-C stops."
        )
        print("Tape: \(tapeSet.isEmpty ? "off" : tapeCodes.joined(separator: ", ")). Rise in red, fall in blue.")
        var commandCount = 0
        var nextOrderID: UInt64 = 1
        for step in 1...totalSteps {
            let time = Timestamp(milliseconds: start.milliseconds + Int64(step) * stepMilliseconds)
            if !fast { Self.sleep(until: time) }
            for command in simulator.step(at: time) {
                events.removeAll(keepingCapacity: true)
                // The simulator leaves order ids to whoever applies its commands (here: a plain counter).
                exchange.handle(command.assigningOrderID(OrderID(nextOrderID)), at: time, into: &events)
                nextOrderID += 1
                commandCount += 1
                simulator.observe(events)
                for case .traded(let trade) in events {
                    if let index = stats.firstIndex(where: { $0.market.code == trade.market }) {
                        stats[index].record(trade)
                    }
                    if tapeSet.contains(trade.market.description) { print(output.line(for: trade)) }
                }
            }
            if step % (tableEvery * stepsPerSecond) == 0 || step == totalSteps {
                output.table(stats, at: time).forEach { print($0) }
            }
            fflush(nil)
        }
        let trades = stats.reduce(0) { $0 + $1.trades }
        print("Done: \(commandCount) commands, \(trades) trades, \(exchange.openOrderCount) orders resting.")
    }

    static func now() -> Timestamp {
        Timestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1000))
    }

    static func sleep(until time: Timestamp) {
        let wait = time.milliseconds - now().milliseconds
        if wait > 0 { usleep(UInt32(wait * 1000)) }
    }
}
