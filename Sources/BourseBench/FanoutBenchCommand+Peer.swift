import BourseCommandSupport
import Foundation
import NIOPosix

// `bench fanout --peer socketify`: the same subscribers and messages against µWebSockets.
extension FanoutBenchCommand {
    /// Runs the socketify peer at each of `rates` (messages a second: the rates Bourse was offered) and
    /// prints its figures and the ratio of deliveries at the first rate to Bourse's (`bourse`).
    func measurePeer(samples: [String: [UInt8]], rates: [Int], bourse: Run) async throws {
        guard let trade = samples["trade"], let ticker = samples["ticker"] else {
            throw BenchError(
                "no trade and ticker message was captured from Bourse to publish (got \(samples.keys.sorted()))")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bourse-socketify-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try [trade, ticker].enumerated().map { index, payload in
            let file = directory.appendingPathComponent("payload-\(index).json")
            try Data(payload).write(to: file)
            return file.path
        }
        var runs: [Run] = []
        for rate in rates {
            let port = try ServerProcess.freePort()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [python, "Benchmarks/peers/socketify/server.py", String(port), String(rate)] + files
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            // SIGKILL: a child spawned from a Dispatch thread inherits its blocked signals, and the script
            // holds nothing worth a graceful end.
            defer {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            let deadline = Date().addingTimeInterval(15)
            while !ServerProcess.accepts(port: port) {
                guard process.isRunning else {
                    throw BenchError(
                        "the socketify peer exited: run from the repository, with socketify installed for \(python) "
                            + "(scripts/bench-peers fanout)")
                }
                guard Date() < deadline else { throw BenchError("the socketify peer did not listen within 15 s") }
                usleep(100_000)
            }
            Progress.line("bench fanout: socketify publishing \(rate) messages/s on port \(port)")
            let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
            let pid = process.processIdentifier
            let measured = try? await measure(
                port: port, cpu: { ServerProcess.cpuSeconds(of: pid) }, group: group,
                label: "socketify \(rate) messages/s", pulse: rate / 2)
            try await group.shutdownGracefully()
            guard let (run, _) = measured else { throw BenchError("the socketify run at \(rate) messages/s failed") }
            runs.append(run)
        }
        let ratio = bourse.deliveriesPerSecond / max(runs[0].deliveriesPerSecond, 1)
        print(
            "bench fanout: peer=socketify deliveries_per_sec=\(Int(runs[0].deliveriesPerSecond)) "
                + "lag_p50_ms=\(runs[0].lagP50) lag_p99_ms=\(runs[0].lagP99) server_cpu=\(runs[0].serverCPU)% "
                + "load_cpu=\(runs[0].loadCPU)% | at half: deliveries_per_sec=\(Int(runs[1].deliveriesPerSecond)) "
                + "lag_p50_ms=\(runs[1].lagP50) lag_p99_ms=\(runs[1].lagP99) server_cpu=\(runs[1].serverCPU)% "
                + "| bourse/socketify deliveries=\(String(format: "%.2f", ratio))")
    }
}
