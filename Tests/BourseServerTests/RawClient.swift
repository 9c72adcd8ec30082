import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A blocking loopback TCP client for what no HTTP or WebSocket library will send: trickled or oversized
/// heads, HTTP/1.0, a missing `Host`, unmasked frames, invalid UTF-8, a client that never answers a close.
///
/// Reads wait at most `readTimeoutSeconds` (a safety net so a failing test ends, not a speed check). Used
/// by one thread at a time (tests hand it from one blocking section to the next).
final class RawClient: @unchecked Sendable {
    let descriptor: Int32
    private var buffered: [UInt8] = []

    /// Connects to `127.0.0.1:port`.
    init(port: Int, readTimeoutSeconds: Int = 30) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var timeout = timeval(tv_sec: readTimeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        // `deinit` closes the socket: it runs when a class's initializer throws once every property is
        // set, so closing here too closed the number twice (by then perhaps a server socket's).
        guard connected else { throw POSIXError(.ECONNREFUSED) }
    }

    deinit { if descriptor >= 0 { Glibc.close(descriptor) } }

    /// Sends all of `bytes` (false if the server closed or reset the connection meanwhile).
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let result = bytes[sent...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard result > 0 else { return false }
            sent += result
        }
        return true
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// The next bytes: empty at end of stream, nil on a read timeout or a reset.
    func receive() -> [UInt8]? {
        if !buffered.isEmpty {
            defer { buffered = [] }
            return buffered
        }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count >= 0 else { return nil }
        return Array(chunk.prefix(count))
    }

    /// Everything until the server closes; nil if it does not within the read timeout.
    func readToEnd() -> [UInt8]? {
        var all: [UInt8] = []
        while true {
            guard let chunk = receive() else { return nil }
            if chunk.isEmpty { return all }
            all += chunk
        }
    }

    /// Exactly `count` bytes, or nil if the stream ends first.
    func read(count: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        while bytes.count < count {
            guard let chunk = receive(), !chunk.isEmpty else { return nil }
            bytes += chunk
        }
        buffered = Array(bytes[count...])
        return Array(bytes[..<count])
    }

    /// One HTTP response with a `Content-Length` body: (status, lower-cased headers, body).
    func readResponse() -> (status: Int, headers: [String: String], body: [UInt8])? {
        var bytes: [UInt8] = []
        while !bytes.suffix(4).elementsEqual([13, 10, 13, 10]) {
            guard let byte = read(count: 1) else { return nil }
            bytes += byte
        }
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        guard let status = lines.first?.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() where line.contains(":") {
            let parts = line.split(separator: ":", maxSplits: 1)
            headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces)
        }
        let length = headers["content-length"].flatMap { Int($0) } ?? 0
        guard let body = length == 0 ? [] : read(count: length) else { return nil }
        return (status, headers, body)
    }

    // MARK: - WebSocket

    /// Sends a WebSocket handshake for `path` with `extraHeaders` and reads the answer's head.
    func upgrade(_ path: String, extraHeaders: String = "") -> Int? {
        send(
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\(extraHeaders)\r\n")
        var head: [UInt8] = []
        while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
            guard let byte = read(count: 1) else { return nil }
            head += byte
        }
        return String(decoding: head, as: UTF8.self).split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    /// One client frame: FIN and `opcode`, masked with `key` (nil: unmasked, which RFC 6455 forbids).
    func sendFrame(opcode: UInt8, payload: [UInt8], key: [UInt8]? = [0x12, 0x34, 0x56, 0x78]) {
        var frame: [UInt8] = [0x80 | opcode]
        let mask: UInt8 = key == nil ? 0 : 0x80
        if payload.count < 126 {
            frame.append(mask | UInt8(payload.count))
        } else {
            frame += [mask | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xff)]
        }
        if let key {
            frame += key
            frame += payload.enumerated().map { $0.element ^ key[$0.offset % 4] }
        } else {
            frame += payload
        }
        send(frame)
    }

    /// The next server frame (servers do not mask): (opcode, payload), or nil when the stream ends.
    func readFrame() -> (opcode: UInt8, payload: [UInt8])? {
        guard let header = read(count: 2) else { return nil }
        var length = Int(header[1] & 0x7f)
        if length == 126 {
            guard let extended = read(count: 2) else { return nil }
            length = Int(extended[0]) << 8 | Int(extended[1])
        } else if length == 127 {
            guard let extended = read(count: 8) else { return nil }
            length = extended.reduce(0) { $0 << 8 | Int($1) }
        }
        guard let payload = length == 0 ? [] : read(count: length) else { return nil }
        return (header[0] & 0x0f, payload)
    }

    /// Frames until a close frame: its status code, or nil if the stream ends (or times out) first.
    func closeCode() -> Int? {
        while let (opcode, payload) = readFrame() {
            if opcode == 0x8 { return payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : 1005 }
        }
        return nil
    }
}
