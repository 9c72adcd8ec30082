import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// nginx serving, as static files, the very bytes Bourse answered: the ceiling `bench rest --peer nginx`
/// compares Bourse's REST with (reference/performance.md S7: "≥ 50 % of nginx's static-file rate for
/// identical bytes"). One process (`master_process off`, one worker's work), logs off, keep-alive without a
/// request limit, on a free loopback port; its CPU is read from `/proc` like the server's.
final class NginxPeer {
    let port: Int
    private let process = Process()
    private let directory: URL

    /// Starts `executable` serving each of `files` (a request path without its query, and the body) as
    /// `content-type: application/json`.
    init(executable: String, files: [(path: String, body: [UInt8])]) throws {
        port = try ServerProcess.freePort()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("bourse-nginx-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        do { try start(executable: executable, files: files) } catch {
            stop()
            throw error
        }
    }

    private func start(executable: String, files: [(path: String, body: [UInt8])]) throws {
        var locations = ""
        for (index, file) in files.enumerated() {
            let name = directory.appendingPathComponent("body-\(index).json")
            try Data(file.body).write(to: name)
            locations += "        location = \(file.path) { default_type application/json; alias \(name.path); }\n"
        }
        let configuration = """
            daemon off;
            master_process off;
            worker_processes 1;
            pid \(directory.path)/nginx.pid;
            error_log \(directory.path)/error.log warn;
            events { worker_connections 4096; }
            http {
                access_log off;
                keepalive_requests 1000000000;
                keepalive_timeout 75s;
                server {
                    listen 127.0.0.1:\(port);
            \(locations)    }
            }

            """
        let configurationFile = directory.appendingPathComponent("nginx.conf")
        try configuration.write(to: configurationFile, atomically: true, encoding: .utf8)
        process.executableURL = try Self.resolve(executable)
        process.arguments = ["-p", directory.path, "-c", configurationFile.path, "-e", "\(directory.path)/error.log"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while !ServerProcess.accepts(port: port) {
            guard process.isRunning else {
                let log =
                    (try? String(contentsOf: directory.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
                throw BenchError("nginx exited before it listened: \(log.suffix(400))")
            }
            guard Date() < deadline else {
                stop()
                throw BenchError("nginx did not listen within 10 s")
            }
            usleep(50_000)
        }
    }

    /// The CPU nginx has used so far, in seconds.
    var cpuSeconds: Double { ServerProcess.cpuSeconds(of: process.processIdentifier) }

    /// Kills nginx (SIGKILL: it inherits the signal mask of the thread that spawned it, where Dispatch
    /// blocks every signal, so SIGTERM never reaches it) and removes its files.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// `name` itself if it is a path, else the first match on `$PATH` (and the sbin directories, where Debian
    /// puts nginx and which a user's `$PATH` often lacks).
    private static func resolve(_ name: String) throws -> URL {
        if name.contains("/") { return URL(fileURLWithPath: name) }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin", "/usr/local/sbin"]
        for directory in directories where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
            return URL(fileURLWithPath: "\(directory)/\(name)")
        }
        throw BenchError(
            "\(name) not found: install it (Debian: apt-get install -y nginx-light, or scripts/bench-peers does) "
                + "or give --nginx PATH")
    }

    /// The body of `GET path` on `port` (one request, `Connection: close`), and its status.
    static func fetch(port: Int, path: String) throws -> (status: Int, body: [UInt8]) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw BenchError("no socket") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else { throw BenchError("could not connect to port \(port)") }
        // A server that keeps the connection open despite `Connection: close` must not hang the bench.
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == request.count else {
            throw BenchError("could not send GET \(path)")
        }
        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            response += chunk[0..<count]
        }
        guard let end = response.firstRange(of: Array("\r\n\r\n".utf8)), response.count >= 12 else {
            throw BenchError("GET \(path) got no HTTP answer")
        }
        let status = Int(String(decoding: response[9..<12], as: UTF8.self)) ?? 0
        return (status, Array(response[end.upperBound...]))
    }
}
