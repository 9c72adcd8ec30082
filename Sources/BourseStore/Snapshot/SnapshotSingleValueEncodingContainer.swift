/// Writes one value in place: a raw-value enum's raw value, a wrapper's wrapped value.
struct SnapshotSingleValueEncodingContainer: SingleValueEncodingContainer {
    let writer: SnapshotWriter

    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { writer.writeByte(0) }

    mutating func encode(_ value: Bool) throws { value.write(to: writer) }
    mutating func encode(_ value: String) throws { value.write(to: writer) }
    mutating func encode(_ value: Double) throws { value.write(to: writer) }
    mutating func encode(_ value: Float) throws { value.write(to: writer) }
    mutating func encode(_ value: Int) throws { value.write(to: writer) }
    mutating func encode(_ value: Int8) throws { value.write(to: writer) }
    mutating func encode(_ value: Int16) throws { value.write(to: writer) }
    mutating func encode(_ value: Int32) throws { value.write(to: writer) }
    mutating func encode(_ value: Int64) throws { value.write(to: writer) }
    mutating func encode(_ value: Int128) throws { value.write(to: writer) }
    mutating func encode(_ value: UInt) throws { value.write(to: writer) }
    mutating func encode(_ value: UInt8) throws { value.write(to: writer) }
    mutating func encode(_ value: UInt16) throws { value.write(to: writer) }
    mutating func encode(_ value: UInt32) throws { value.write(to: writer) }
    mutating func encode(_ value: UInt64) throws { value.write(to: writer) }
    mutating func encode(_ value: UInt128) throws { value.write(to: writer) }
    mutating func encode<T: Encodable>(_ value: T) throws { try writer.encode(value) }
}
