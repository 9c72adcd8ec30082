import ArgumentParser
import BourseCommandSupport
import Foundation
import NIOCore
import NIOPosix

/// `bourse bench memory`: the demo server's resident memory as users leave it, and what an idle WebSocket
/// connection costs.
struct MemoryBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memory",
        abstract:
            "Measure the demo server's resident memory: after start, after connections come and go, per idle connection.",
        discussion: """
            Starts `bourse serve` (this executable) as a user does: the demo on, SQLite in a throwaway data \
            directory, --backfill-days of history (the server's default unless given). Reads the server's \
            resident memory (VmRSS in /proc) at four points: once started and settled; after --churn \
            WebSocket connections have come and gone (in rounds of 1,000, each subscribing to two tickers \
            with a snapshot, then dropped); with --connections of them open and idle at once (the \
            difference over those connections, per connection); and after they closed. Prints the peak \
            (VmHWM) too, and the CPU of the server and of this process. Goals: ≤ 300 MB resident after all \
            of it, ≤ 8 KB per idle connection.
            """
    )

    @Option(help: "Idle WebSocket connections held open at once.")
    var connections = 10_000

    @Option(help: "WebSocket connections opened and dropped before that, in rounds of 1,000.")
    var churn = 10_000

    @Option(help: "Days of demo history to backfill at the first start (default: the server's).")
    var backfillDays: Int?

    @Option(help: "Seconds to let the server settle before each reading.")
    var settle = 5.0

    func validate() throws {
        guard connections >= 1, churn >= 0, settle >= 0 else {
            throw ValidationError("--connections must be at least 1; --churn and --settle not negative.")
        }
    }

    /// The two tickers a board row and a market screen ask for, snapshot first, as apps do.
    static let subscription =
        #"[{"ticket":"bench-memory"},{"type":"ticker","codes":["KRW-BTC","KRW-ETH"]},{"format":"DEFAULT"}]"#

    func run() async throws {
        let descriptors = FileDescriptorLimit.raise()
        guard descriptors >= connections + FileDescriptorLimit.reserved else {
            throw ValidationError(
                "this process may open \(descriptors) files; \(connections) connections need "
                    + "\(connections + FileDescriptorLimit.reserved): lower --connections")
        }
        var arguments = ["--max-connections", String(connections + 1_000)]
        if let backfillDays { arguments += ["--backfill-days", String(backfillDays)] }
        Progress.line("bench memory: starting bourse serve with the demo (the first start backfills its history)…")
        try await ServerProcess.withServer(arguments: arguments) { server, group in
            try await measure(server, group)
        }
    }

    private func measure(_ server: ServerProcess, _ group: MultiThreadedEventLoopGroup) async throws {
        let (serverCPU, ownCPU, started) = (
            server.cpuSeconds, ServerProcess.ownCPUSeconds, MonotonicClock.nanoseconds()
        )
        try await Task.sleep(for: .seconds(settle))
        let atStart = server.residentBytes
        Progress.line("bench memory: started: \(Self.megabytes(atStart)) MB resident")

        let load = WebSocketLoad(group: group)
        var opened = 0
        while opened < churn {
            let count = min(1_000, churn - opened)
            let channels = try await load.connect(count: count, port: server.port, subscription: Self.subscription)
            try await Task.sleep(for: .milliseconds(200))
            try await Self.close(channels)
            opened += count
            if opened % 5_000 == 0 || opened == churn {
                Progress.line("bench memory: \(opened) of \(churn) connections came and went")
            }
        }
        try await Task.sleep(for: .seconds(settle))
        let afterChurn = server.residentBytes
        Progress.line("bench memory: after \(churn) connections came and went: \(Self.megabytes(afterChurn)) MB")

        let idle = try await load.connect(count: connections, port: server.port, subscription: Self.subscription)
        try await Task.sleep(for: .seconds(settle))
        let held = server.residentBytes
        let perConnection = Double(held - afterChurn) / Double(connections) / 1_024
        Progress.line(
            "bench memory: \(connections) idle connections: \(Self.megabytes(held)) MB "
                + "(\(String(format: "%.1f", perConnection)) KB each)")
        let closedByServer = load.counters.withLock { $0.closed }
        try await Self.close(idle)
        try await Task.sleep(for: .seconds(settle))
        let atEnd = server.residentBytes
        let elapsed = Double(MonotonicClock.nanoseconds() - started) / 1e9
        let serverShare = Int((server.cpuSeconds - serverCPU) / elapsed * 100)
        let loadShare = Int((ServerProcess.ownCPUSeconds - ownCPU) / elapsed * 100)
        func verdict(_ met: Bool) -> String { met ? "met" : "MISSED" }
        print(
            "bench memory: start_mb=\(Self.megabytes(atStart)) after_churn_mb=\(Self.megabytes(afterChurn)) "
                + "churn=\(churn) held_mb=\(Self.megabytes(held)) connections=\(connections) "
                + "per_connection_kb=\(String(format: "%.1f", perConnection)) end_mb=\(Self.megabytes(atEnd)) "
                + "peak_mb=\(Self.megabytes(server.peakResidentBytes)) closed_by_server=\(closedByServer) "
                + "server_cpu=\(serverShare)% load_cpu=\(loadShare)% "
                + "goal_end_300mb=\(verdict(atEnd <= 300 << 20)) goal_8kb=\(verdict(perConnection <= 8))")
    }

    /// Closes `channels` and waits until each has closed.
    static func close(_ channels: [any Channel]) async throws {
        for channel in channels { channel.close(promise: nil) }
        for channel in channels { try? await channel.closeFuture.get() }
    }

    static func megabytes(_ bytes: Int) -> Int { bytes >> 20 }
}
