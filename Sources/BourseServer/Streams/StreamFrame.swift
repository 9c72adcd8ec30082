public import NIOCore

/// One complete WebSocket binary frame, header and payload, ready for the socket.
///
/// The feed builds a message's frame once per format and every subscriber's connection writes the same
/// bytes (a `ByteBuffer` shares its storage), so fan-out costs no copy and no per-subscriber encoding.
/// Server frames are unmasked (RFC 6455 §5.1), which is what makes sharing possible.
public struct StreamFrame: Sendable {
    /// Header and payload.
    public let bytes: ByteBuffer

    /// A final binary frame carrying `payload`.
    public init(binary payload: some Collection<UInt8>) {
        self.init(opcode: 0x82, payload)  // FIN, opcode 2 (binary)
    }

    /// A final text frame carrying `payload`, which must be UTF-8 (the auction socket's JSON).
    public init(text payload: some Collection<UInt8>) {
        self.init(opcode: 0x81, payload)  // FIN, opcode 1 (text)
    }

    private init(opcode: UInt8, _ payload: some Collection<UInt8>) {
        let length = payload.count
        var buffer = ByteBuffer()
        buffer.reserveCapacity(length + 10)
        buffer.writeInteger(opcode)
        if length < 126 {
            buffer.writeInteger(UInt8(length))
        } else if length <= Int(UInt16.max) {
            buffer.writeInteger(UInt8(126))
            buffer.writeInteger(UInt16(length))
        } else {
            buffer.writeInteger(UInt8(127))
            buffer.writeInteger(UInt64(length))
        }
        buffer.writeBytes(payload)
        bytes = buffer
    }

    /// Bytes on the wire (what the slow-subscriber bound counts).
    public var count: Int { bytes.readableBytes }
}
