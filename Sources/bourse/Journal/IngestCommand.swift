import ArgumentParser
import BourseCommandSupport
import BourseCore
import BourseStore
import Foundation

/// `bourse ingest`: applies commands read as JSON lines on standard input to the stored exchange, and
/// answers each on standard output once it is durable.
///
/// It is the exchange's single writer without a network in front: for scripted loading, for replaying
/// a file of commands, and for the crash test, which pipes concurrent commands into it and kills it.
struct IngestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Apply exchange commands read as JSON lines from standard input, durably.",
        discussion: """
            Each input line is one JSON command with a client "tag", a "type" and an "account":
              deposit   currency, amount
              limit     market, side (bid|ask), price, volume [, time_in_force, identifier]
              price     market, price (a market buy spending that total)
              market    market, volume (a market sell)
              best      market, side, price or volume, time_in_force
              cancel    order_id or identifier
            Amounts are decimal strings. For example:
              {"tag":"1","type":"deposit","account":7,"currency":"KRW","amount":"1000000"}
              {"tag":"2","type":"cancel","account":7,"order_id":12}
            Commands are applied in input order and each is answered once its journal commit is \
            durable, as {"tag":…,"sequence":…,"command":…,"events":[…]}. A line that is not a valid \
            command is answered with {"tag":…,"error":…} and not applied. At the end of the input, \
            everything pending is journaled, a snapshot is written, and the command exits.
            """
    )

    @OptionGroup var storage: StoreOptions

    @Option(help: "Commands between snapshots (one is also written at the end of input).")
    var snapshotInterval: UInt64 = 500_000

    func validate() throws {
        guard snapshotInterval > 0 else { throw ValidationError("--snapshot-interval must be at least 1.") }
    }

    func run() async throws {
        let location = try await storage.resolve()
        let lock = try location.lockForWriting(purpose: "bourse ingest")
        defer { withExtendedLifetime(lock) {} }
        try await location.withStore { store in try await ingest(into: store, summary: location.summary) }
    }

    private func ingest(into store: any Store, summary: String) async throws {
        let markets = MarketListing.markets
        let (state, report) = try await DurableExchange.recover(from: store, markets: markets)
        if let unreadable = report.unreadableSnapshot {
            Progress.line("ingest: warning: \(unreadable); replayed the whole journal instead")
        }
        Progress.line(
            "ingest: \(summary); recovered sequence \(report.lastSequence) "
                + "(snapshot \(report.snapshotSequence.map(String.init) ?? "none"), replayed \(report.replayedEntries))"
        )
        var options = DurableExchange.Options()
        options.snapshotInterval = snapshotInterval
        let exchange = DurableExchange(state: state, store: store, options: options, clock: WallClock.now)
        let output = LineWriter()
        let lines = StandardInputLines.stream()
        // Lines are queued in input order; at most this many await their answer at once.
        let inFlight = InFlightLimit(maximum: 10_000)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await exchange.run() }
            let decoder = JSONDecoder()
            for await line in lines where !line.isEmpty {
                let request: IngestRequest
                let make: @Sendable (OrderID) -> Command
                do {
                    request = try decoder.decode(IngestRequest.self, from: Data(line.utf8))
                    make = try request.command()
                } catch {
                    output.write(IngestAnswer(tag: Self.tag(in: line), error: String(describing: error)))
                    continue
                }
                await inFlight.acquire()
                exchange.enqueue([make]) { result in
                    var answer = IngestAnswer(tag: request.tag)
                    switch result {
                    case .success(let results):
                        answer.sequence = results[0].entry.sequence
                        answer.command = String(describing: results[0].entry.command)
                        answer.events = results[0].events.map { String(describing: $0) }
                    case .failure(let error):
                        answer.error = String(describing: error)
                    }
                    output.write(answer)
                    inFlight.release()
                }
            }
            exchange.shutdown()
            try await group.waitForAll()
        }
    }

    /// The `tag` of a line that is not a valid command, if it has one, so its error can be matched.
    private static func tag(in line: String) -> String? {
        struct Tagged: Decodable { var tag: String? }
        return try? JSONDecoder().decode(Tagged.self, from: Data(line.utf8)).tag
    }
}
