import Foundation
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `bourse serve` child process on a free loopback port with a throwaway data directory, for the
/// network benchmarks: the load runs in this process, the server in its own, so each one's CPU is known.
final class ServerProcess {
    let port: Int
    let dataDirectory: URL
    private let process = Process()

    /// Starts `bourse serve` (``serverExecutable``) and returns once it accepts connections.
    /// `prepare`, if given, runs first with the fresh data directory (to make accounts and keys); a
    /// `prepared` directory is used as it is (and removed by ``stop()`` all the same).
    init(
        arguments: [String], readyWithin seconds: Double = 180, prepared: URL? = nil,
        prepare: ((URL) throws -> Void)? = nil
    ) throws {
        port = try Self.freePort()
        if let prepared {
            dataDirectory = prepared
        } else {
            dataDirectory = Self.freshDirectory()
            try prepare?(dataDirectory)
        }
        process.executableURL = Self.serverExecutable
        process.arguments =
            [
                "serve", "--host", "127.0.0.1", "--port", String(port), "--data-dir", dataDirectory.path,
                // Benchmarks measure throughput, not the limits an exposed server needs: thousands of
                // sockets from one address would pass the handshake and message rates at once.
                "--rate-limit", "0", "--ws-connect-rate", "0", "--ws-message-rate", "0", "--log-level", "warning",
            ] + arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        while !Self.accepts(port: port) {
            guard process.isRunning else { throw BenchError("bourse serve exited before it listened") }
            guard Date() < deadline else {
                stop()
                throw BenchError("bourse serve did not listen within \(Int(seconds)) s")
            }
            usleep(200_000)
        }
    }

    /// Starts a server with `arguments`, runs `body` with it and a one-thread event-loop group for the load,
    /// then shuts both down, also when `body` throws.
    static func withServer<Result: Sendable>(
        arguments: [String], prepare: ((URL) throws -> Void)? = nil,
        _ body: (ServerProcess, MultiThreadedEventLoopGroup) async throws -> Result
    ) async throws -> Result {
        let server = try ServerProcess(arguments: arguments, prepare: prepare)
        defer { server.stop() }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        do {
            let result = try await body(server, group)
            try await group.shutdownGracefully()
            return result
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
    }

    /// CPU seconds (user + system) the server has used so far.
    var cpuSeconds: Double { Self.cpuSeconds(of: process.processIdentifier) }

    /// The CPU (user and system) process `pid` has used so far, in seconds; 0 if it cannot be read.
    static func cpuSeconds(of pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command name: state is field 3, utime 14 and stime 15 (1-based in proc(5)).
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The server's resident memory now (`VmRSS`), in bytes; 0 if it cannot be read.
    var residentBytes: Int { statusKilobytes("VmRSS") * 1_024 }

    /// The most the server has been resident so far (`VmHWM`), in bytes; 0 if it cannot be read.
    var peakResidentBytes: Int { statusKilobytes("VmHWM") * 1_024 }

    /// A `kB` line of `/proc/<pid>/status`.
    private func statusKilobytes(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
        }
        return 0
    }

    /// A new empty path for a server's data (nothing there yet).
    static func freshDirectory() -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bourse-bench-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        return directory
    }

    /// Stops the server (SIGTERM, graceful) and keeps its data, to check it afterwards.
    func terminate() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Stops the server (SIGTERM, graceful) and deletes its data.
    func stop() {
        terminate()
        try? FileManager.default.removeItem(at: dataDirectory)
    }

    /// CPU seconds this process has used so far.
    static var ownCPUSeconds: Double {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// The `bourse` that serves and prepares the data directory: this executable, or the one
    /// `$BOURSE_BENCH_SERVER` names, so two builds of the server can be measured by one load generator.
    static var serverExecutable: URL {
        if let path = ProcessInfo.processInfo.environment["BOURSE_BENCH_SERVER"], !path.isEmpty {
            return URL(fileURLWithPath: path).standardizedFileURL
        }
        let own = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        return FileManager.default.isExecutableFile(atPath: own.path) ? own : Bundle.main.executableURL ?? own
    }

    /// Runs this executable (or ``serverExecutable``) with `arguments` to completion, with `input` on its standard input if given,
    /// and returns what it printed (both streams).
    static func runSelf(_ arguments: [String], input: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = serverExecutable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let inputPipe = input.map { _ in Pipe() }
        if let inputPipe { process.standardInput = inputPipe }
        try process.run()
        if let input, let inputPipe {
            // Written from another thread while this one reads, so neither pipe fills up and stalls the other.
            let writer = inputPipe.fileHandleForWriting
            Thread.detachNewThread {
                writer.write(Data(input.utf8))
                try? writer.close()
            }
        }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError("bourse \(arguments.joined(separator: " ")) failed: \(output)")
        }
        return output
    }

    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else { throw BenchError("no free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func accepts(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}

/// A benchmark that could not run.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
