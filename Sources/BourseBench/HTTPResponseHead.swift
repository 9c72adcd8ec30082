import NIOCore

/// The load generators' whole HTTP/1.1 parser: where the first response in a buffer ends, and its status.
/// Bytes only (no `String` per answer), so reading answers stays cheap next to the server it measures.
enum HTTPResponseHead {
    private static let contentLength = Array("content-length:".utf8)

    /// The status and total length of the response at the start of `buffer`, if all of it is there.
    static func complete(in buffer: ByteBuffer) -> (status: Int, length: Int)? {
        buffer.withUnsafeReadableBytes { bytes -> (Int, Int)? in
            guard bytes.count >= 16 else { return nil }
            var headEnd = -1
            var index = 3
            while index < bytes.count {
                if bytes[index] == 10, bytes[index - 1] == 13, bytes[index - 2] == 10, bytes[index - 3] == 13 {
                    headEnd = index + 1
                    break
                }
                index += 1
            }
            guard headEnd > 0 else { return nil }
            var status = 0
            for offset in 9..<12 { status = status * 10 + Int(bytes[offset]) - 48 }
            let length = bodyLength(in: UnsafeRawBufferPointer(rebasing: bytes[0..<headEnd]))
            return headEnd + length <= bytes.count ? (status, headEnd + length) : nil
        }
    }

    /// The `Content-Length` of the head in `head` (0 when it has none).
    private static func bodyLength(in head: UnsafeRawBufferPointer) -> Int {
        var lineStart = 0
        while lineStart < head.count {
            var matches = lineStart + contentLength.count <= head.count
            var offset = 0
            while matches, offset < contentLength.count {
                let byte = head[lineStart + offset]
                // ASCII lower-casing: letters only differ from their capitals by 0x20.
                let lowered = byte >= 65 && byte <= 90 ? byte | 0x20 : byte
                matches = lowered == contentLength[offset]
                offset += 1
            }
            if matches {
                var position = lineStart + contentLength.count
                var value = 0
                while position < head.count, head[position] == 32 { position += 1 }
                while position < head.count, head[position] >= 48, head[position] <= 57 {
                    value = value * 10 + Int(head[position]) - 48
                    position += 1
                }
                return value
            }
            while lineStart < head.count, head[lineStart] != 10 { lineStart += 1 }
            lineStart += 1
        }
        return 0
    }
}
