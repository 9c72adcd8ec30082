import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Kills the real `bourse ingest` process with SIGKILL while concurrent writers feed it, several times,
/// and checks after each kill that every acknowledged command is in the journal with the same result,
/// that recovery reaches the same state as a full replay, and that the ledger's invariants hold.
@Suite("Crash: SIGKILL during concurrent commands", .serialized)
struct CrashTests {
    /// The `bourse` executable built next to this test bundle.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bourse")
    }

    @Test func acknowledgedCommandsSurviveSIGKILL() async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.executable.path),
            "build the bourse product first (swift build --build-tests builds it)")
        signal(SIGPIPE, SIG_IGN)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bourse-crash-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        var random = SystemRandomNumberGenerator()
        var acknowledgedTotal = 0
        var lastSequence: UInt64 = 0
        for round in 0..<5 {
            let graceful = round == 4
            let run = try IngestRun(executable: Self.executable, dataDirectory: directory.path)
            let writers = (0..<4).map { writer in
                Thread { run.feed(round: round, writer: writer) }
            }
            for writer in writers { writer.start() }
            // Stop at a random moment once the process is well under way (a slow machine takes longer to get
            // there, so waiting for answers rather than for time keeps every round meaningful). The waits
            // block this thread on purpose: a `Task.sleep` could not resume while CPU-bound suites hold every
            // thread of the shared pool, and the kill would come whenever they let go instead of now.
            for _ in 0..<600 where run.answers().count < 100 { usleep(100_000) }
            usleep(UInt32.random(in: 0...1_000_000, using: &random))
            var sentAtStop = 0
            if graceful {
                run.finishInput()
            } else {
                run.kill()
                sentAtStop = run.sentLines
            }
            let status = run.waitForExit()
            let answers = run.answers()
            if graceful {
                #expect(status == 0, "graceful exit")
                #expect(answers.count == run.sentLines, "closing the input answers every line")
            } else {
                // The writers never stop on their own, so the kill lands while commands are in flight.
                #expect(sentAtStop > answers.count, "commands were in flight at the kill")
            }
            #expect(answers.count >= 100, "round \(round) acknowledged only \(answers.count) commands")
            #expect(answers.allSatisfy { $0.error == nil }, "no command line was refused")

            let check = try JournalCheck(
                executable: Self.executable, dataDirectory: directory.path, after: lastSequence)
            #expect(check.summary.contains("recovery=same violations=0"), "\(check.summary)")
            for answer in answers {
                let sequence = try #require(answer.sequence)
                let journaled = try #require(check.entries[sequence], "acknowledged \(sequence) missing")
                #expect(journaled.command == answer.command)
                #expect(journaled.events == answer.events)
            }
            let sequences = answers.compactMap(\.sequence)
            if let first = sequences.min() { #expect(first > lastSequence, "sequences continue after a restart") }
            lastSequence = check.lastSequence
            acknowledgedTotal += answers.count
            print(
                "crash round \(round): \(graceful ? "closed input" : "SIGKILL"), \(answers.count) acknowledged, journal at \(lastSequence)"
            )
        }
        #expect(acknowledgedTotal > 500)
    }
}

/// One `bourse ingest` process and the writers feeding it.
// @unchecked: the answers and the input's closed flag are behind mutexes; `process` and `reader` are
// only used from the test's own task.
final class IngestRun: @unchecked Sendable {
    let process: Process
    private let input: FileHandle
    private let collected = Collected()
    private let inputLock = Mutex(false)
    private let sent = Mutex(0)

    /// Lines written to the process so far.
    var sentLines: Int { sent.withLock { $0 } }

    /// Answers read so far.
    final class Collected: Sendable {
        let answers = Mutex<[Answer]>([])
    }
    private let reader: Thread

    struct Answer: Codable, Sendable {
        var tag: String?
        var sequence: UInt64?
        var command: String?
        var events: [String]?
        var error: String?
    }

    init(executable: URL, dataDirectory: String) throws {
        process = Process()
        process.executableURL = executable
        process.arguments = ["ingest", "--data-dir", dataDirectory, "--snapshot-interval", "500"]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        input = stdin.fileHandleForWriting
        let output = stdout.fileHandleForReading
        let collected = collected
        reader = Thread {
            var buffer = Data()
            while true {
                let chunk = output.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = buffer[buffer.startIndex..<newline]
                    buffer.removeSubrange(buffer.startIndex...newline)
                    if let answer = try? JSONDecoder().decode(Answer.self, from: line) {
                        collected.answers.withLock { $0.append(answer) }
                    }
                }
            }
        }
        reader.start()
    }

    /// Writes one writer's commands until the input is closed or the process goes away: deposits for its
    /// account, then orders and cancels, without end.
    func feed(round: Int, writer: Int) {
        let account = 1 + writer
        var lines = [
            #"{"tag":"r\#(round)w\#(writer)d1","type":"deposit","account":\#(account),"currency":"KRW","amount":"1000000000"}"#,
            #"{"tag":"r\#(round)w\#(writer)d2","type":"deposit","account":\#(account),"currency":"BTC","amount":"10"}"#,
        ]
        var index = 0
        while true {
            index += 1
            let side = (index + writer) % 2 == 0 ? "bid" : "ask"
            let price = 100_000_000 + ((index * 7 + writer * 3) % 9 - 4) * 1_000
            let tag = "r\(round)w\(writer)o\(index)"
            if index % 10 == 0 {
                lines.append(#"{"tag":"\#(tag)","type":"cancel","account":\#(account),"order_id":\#(index * 3)}"#)
            } else {
                lines.append(
                    #"{"tag":"\#(tag)","type":"limit","account":\#(account),"market":"KRW-BTC","side":"\#(side)","price":"\#(price)","volume":"0.001"}"#
                )
            }
            for line in lines {
                let closed = inputLock.withLock { closed in
                    if closed { return true }
                    do {
                        try input.write(contentsOf: Data((line + "\n").utf8))
                        sent.withLock { $0 += 1 }
                    } catch {
                        closed = true
                    }
                    return closed
                }
                if closed { return }
            }
            lines.removeAll()
            // About 2,000 lines a second per writer: enough to keep commands in flight at every moment,
            // little enough that a round's journal stays small on a slow machine.
            if index % 10 == 0 { usleep(5_000) }
        }
    }

    /// Closes standard input: the process journals what is pending, snapshots and exits.
    func finishInput() {
        inputLock.withLock { closed in
            closed = true
            try? input.close()
        }
    }

    /// SIGKILL: no chance to flush or snapshot.
    func kill() {
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
        inputLock.withLock { $0 = true }
    }

    /// Waits for the process and for its output to be read; returns its exit status.
    func waitForExit() -> Int32 {
        process.waitUntilExit()
        while reader.isExecuting { usleep(1_000) }
        return process.terminationStatus
    }

    /// Every answer read from the process.
    func answers() -> [Answer] { collected.answers.withLock { $0 } }
}

/// The output of `bourse journal check --dump`.
struct JournalCheck {
    var entries: [UInt64: IngestRun.Answer] = [:]
    var summary = ""

    /// The journal's last sequence, from the summary line (`entries=<n>`).
    var lastSequence: UInt64 {
        summary.split(separator: " ").first { $0.hasPrefix("entries=") }.flatMap { UInt64($0.dropFirst(8)) } ?? 0
    }

    /// Replays the whole journal; lists the entries after `after` (earlier rounds were checked already).
    init(executable: URL, dataDirectory: String, after: UInt64) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["journal", "check", "--dump", "--after", String(after), "--data-dir", dataDirectory]
        let stdout = Pipe()
        process.standardOutput = stdout
        try process.run()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        for line in data.split(separator: UInt8(ascii: "\n")) {
            if let answer = try? JSONDecoder().decode(IngestRun.Answer.self, from: line), let sequence = answer.sequence
            {
                entries[sequence] = answer
            } else {
                summary = String(decoding: line, as: UTF8.self)
            }
        }
    }
}
