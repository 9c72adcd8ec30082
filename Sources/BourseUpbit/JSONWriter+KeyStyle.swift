import BourseWire

extension JSONWriter {
    /// Writes the key `full` or its abbreviation `short`, as `style` asks.
    mutating func key(_ full: StaticString, _ short: StaticString, _ style: KeyStyle) {
        key(style == .full ? full : short)
    }

    /// Writes `"stream_type":"SNAPSHOT"` (or `"st":…`), the last member of every stream message.
    mutating func streamType(_ stream: StreamType, _ style: KeyStyle) {
        key("stream_type", "st", style)
        string(stream.rawValue)
    }
}
