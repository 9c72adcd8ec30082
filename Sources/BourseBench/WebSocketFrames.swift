import Foundation
import NIOCore

/// The bits of RFC 6455 the bench clients write by hand: the upgrade request, client text frames and
/// server frame headers.
enum WebSocketFrames {
    /// A `GET path` upgrade request with a random key and `extraHeaders` (each ending in CRLF).
    static func upgradeRequest(path: String, extraHeaders: String = "") -> ByteBuffer {
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        return ByteBuffer(
            string: "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + extraHeaders + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n")
    }

    /// Reads the server's answer to the upgrade request from the front of `buffer`: false while its head is
    /// incomplete; true once it is `101`, with the reader moved past the head (what follows is frames);
    /// throws, naming `what`, for any other answer.
    static func readUpgradeAnswer(_ buffer: inout ByteBuffer, what: String) throws -> Bool {
        guard let end = buffer.readableBytesView.firstRange(of: Array("\r\n\r\n".utf8)) else { return false }
        let head = String(decoding: buffer.readableBytesView[..<end.lowerBound], as: UTF8.self)
        guard head.hasPrefix("HTTP/1.1 101") else { throw BenchError("\(what) upgrade refused: \(head.prefix(120))") }
        buffer.moveReaderIndex(to: end.upperBound)
        return true
    }

    /// A client text frame (clients must mask; the zero key leaves the payload as it is).
    static func maskedText(_ text: String) -> [UInt8] {
        let payload = Array(text.utf8)
        var frame: [UInt8] = [0x81]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xff)]
        }
        return frame + [0, 0, 0, 0] + payload
    }

    /// Opcode, payload length and header length of the (unmasked, server) frame at the reader index, if
    /// the header is all there.
    static func header(of buffer: ByteBuffer) -> (UInt8, Int, Int)? {
        guard let first = buffer.getInteger(at: buffer.readerIndex, as: UInt8.self),
            let second = buffer.getInteger(at: buffer.readerIndex + 1, as: UInt8.self)
        else { return nil }
        let opcode = first & 0x0f
        switch second & 0x7f {
        case 126:
            guard let length = buffer.getInteger(at: buffer.readerIndex + 2, as: UInt16.self) else { return nil }
            return (opcode, Int(length), 4)
        case 127:
            guard let length = buffer.getInteger(at: buffer.readerIndex + 2, as: UInt64.self) else { return nil }
            return (opcode, Int(length), 10)
        case let length:
            return (opcode, Int(length), 2)
        }
    }
}
