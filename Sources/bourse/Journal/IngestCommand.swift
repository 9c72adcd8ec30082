import ArgumentParser
import BourseCore
import BourseSimulator
import BourseStore
import Foundation
import Synchronization

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
            Each input line is one command with a client "tag", e.g.
              {"tag":"1","type":"deposit","account":7,"currency":"KRW","amount":"1000000"}
              {"tag":"2","type":"limit","account":7,"market":"KRW-BTC","side":"bid","price":"100000000","volume":"0.001"}
              {"tag":"3","type":"cancel","account":7,"order_id":12}
            Types: deposit, limit, price (market buy by total), market (market sell by volume), best, cancel.
            Commands are applied in arrival order and answered once their journal commit is durable:
              {"tag":"2","sequence":41,"command":"…","events":["…"]}
            A line that is not a valid command is answered with {"tag":…,"error":"…"} and not applied.
            At end of input, everything pending is journaled, a snapshot is written, and the command exits.
            """
    )

    @OptionGroup var storage: StoreOptions

    @Option(help: "Commands between snapshots (one is also written at the end of input).")
    var snapshotInterval: UInt64 = 500_000

    func validate() throws {
        guard snapshotInterval > 0 else { throw ValidationError("--snapshot-interval must be at least 1.") }
    }

    func run() async throws {
        try await storage.withStore { store in try await ingest(into: store) }
    }

    private func ingest(into store: any Store) async throws {
        let markets = DemoMarket.defaults.map(\.market)
        let (state, report) = try await DurableExchange.recover(from: store, markets: markets)
        if let unreadable = report.unreadableSnapshot {
            Progress.line("ingest: warning: \(unreadable); replayed the whole journal instead")
        }
        Progress.line(
            "ingest: \(storage.summary); recovered sequence \(report.lastSequence) "
                + "(snapshot \(report.snapshotSequence.map(String.init) ?? "none"), replayed \(report.replayedEntries))"
        )
        var options = DurableExchange.Options()
        options.snapshotInterval = snapshotInterval
        let exchange = DurableExchange(state: state, store: store, options: options, clock: WallClock.now)
        let output = LineWriter()
        let lines = StandardInputLines.stream()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await exchange.run() }
            await withDiscardingTaskGroup { requests in
                for await line in lines where !line.isEmpty {
                    requests.addTask { await Self.answer(line, exchange: exchange, output: output) }
                }
            }
            exchange.shutdown()
            try await group.waitForAll()
        }
    }

    private static func answer(_ line: String, exchange: DurableExchange, output: LineWriter) async {
        var answer = IngestAnswer(tag: nil)
        do {
            let request = try JSONDecoder().decode(IngestRequest.self, from: Data(line.utf8))
            answer.tag = request.tag
            let result = try await exchange.submit(try request.command())
            answer.sequence = result.entry.sequence
            answer.command = String(describing: result.entry.command)
            answer.events = result.events.map { String(describing: $0) }
        } catch {
            answer.error = String(describing: error)
        }
        output.write(answer)
    }
}

/// One answer line of `bourse ingest`.
struct IngestAnswer: Codable {
    var tag: String?
    var sequence: UInt64?
    var command: String?
    var events: [String]?
    var error: String?
}

/// Writes JSON lines to standard output, one whole line per `write` call, from any task.
final class LineWriter: Sendable {
    private let lock = Mutex(LineWriter.makeEncoder())

    private static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }

    /// Writes `value` as one JSON line.
    func write(_ value: some Encodable) {
        lock.withLock { encoder in
            guard var data = try? encoder.encode(value) else { return }
            data.append(UInt8(ascii: "\n"))
            FileHandle.standardOutput.write(data)
        }
    }
}

/// Standard input's lines as an async stream, read by a thread of their own (reading blocks).
enum StandardInputLines {
    static func stream() -> AsyncStream<String> {
        AsyncStream { continuation in
            let reader = Thread {
                while let line = readLine(strippingNewline: true) { continuation.yield(line) }
                continuation.finish()
            }
            reader.start()
        }
    }
}
