import NIOCore

/// Follows the frame boundaries of a client's WebSocket byte stream and tells whether every frame is
/// masked, as RFC 6455 §5.1 requires of a client ("a server MUST close the connection upon receiving a frame
/// that is not masked").
///
/// Neither NIO's frame decoder nor the WebSocket library checks this, and a handler after the decoder
/// would come too late for the first frames (they are decoded while the upgrade is still being put in
/// place), so the check runs on the raw bytes, ahead of the decoder. It reads only frame headers (2 to 14
/// bytes, §5.2) and skips payloads by their length; it keeps no bytes.
struct WebSocketMaskScanner {
    /// The current frame's header bytes read so far (at most 14).
    private var header: [UInt8] = []
    /// Payload bytes of the current frame still to skip.
    private var payloadRemaining: UInt64 = 0

    init() { header.reserveCapacity(14) }

    /// Scans the next bytes of the stream; false as soon as a frame header is not masked.
    mutating func scan(_ bytes: ByteBufferView) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if payloadRemaining > 0 {
                let skipped = min(payloadRemaining, UInt64(bytes.endIndex - index))
                index += Int(skipped)
                payloadRemaining -= skipped
                continue
            }
            header.append(bytes[index])
            index += 1
            guard header.count >= 2 else { continue }
            if header.count == 2, header[1] & 0x80 == 0 { return false }
            // Seven bits of length, or 126/127 then a 16/64-bit length; then the 4-byte masking key.
            let shortLength = header[1] & 0x7f
            let lengthBytes = shortLength == 126 ? 2 : shortLength == 127 ? 8 : 0
            guard header.count == 2 + lengthBytes + 4 else { continue }
            payloadRemaining =
                lengthBytes == 0
                ? UInt64(shortLength)
                : header[2..<(2 + lengthBytes)].reduce(0) { $0 << 8 | UInt64($1) }
            header.removeAll(keepingCapacity: true)
        }
        return true
    }
}
