// The primitive values of the format (see `SnapshotFormat`).

extension Bool: SnapshotWritable, SnapshotReadable {
    func write(to writer: SnapshotWriter) { writer.writeByte(self ? 1 : 0) }

    static func read(from reader: SnapshotReader) throws -> Bool {
        switch try reader.readByte() {
        case 0: false
        case 1: true
        default: throw reader.corrupt("invalid Bool", before: 1)
        }
    }
}

extension String: SnapshotWritable, SnapshotReadable {
    func write(to writer: SnapshotWriter) { writer.writeString(self) }
    static func read(from reader: SnapshotReader) throws -> String { try reader.readString() }
}

extension Double: SnapshotWritable, SnapshotReadable {
    func write(to writer: SnapshotWriter) { writer.writeFixed(bitPattern) }
    static func read(from reader: SnapshotReader) throws -> Double { Double(bitPattern: try reader.readFixed()) }
}

extension Float: SnapshotWritable, SnapshotReadable {
    func write(to writer: SnapshotWriter) { writer.writeFixed(bitPattern) }
    static func read(from reader: SnapshotReader) throws -> Float { Float(bitPattern: try reader.readFixed()) }
}

extension UInt8: SnapshotWritable, SnapshotReadable {
    func write(to writer: SnapshotWriter) { writer.writeByte(self) }
    static func read(from reader: SnapshotReader) throws -> UInt8 { try reader.readByte() }
}

extension Int8: SnapshotWritable, SnapshotReadable {
    func write(to writer: SnapshotWriter) { writer.writeByte(UInt8(bitPattern: self)) }
    static func read(from reader: SnapshotReader) throws -> Int8 { Int8(bitPattern: try reader.readByte()) }
}

/// Integers wider than a byte, written as varints.
protocol SnapshotVarint: FixedWidthInteger, SnapshotWritable, SnapshotReadable {}

extension SnapshotVarint where Self: UnsignedInteger {
    func write(to writer: SnapshotWriter) { writer.writeVarint(self) }
    static func read(from reader: SnapshotReader) throws -> Self { try reader.readVarint() }
}

extension SnapshotVarint where Self: SignedInteger {
    func write(to writer: SnapshotWriter) { writer.writeZigzag(self) }
    static func read(from reader: SnapshotReader) throws -> Self { try reader.readZigzag() }
}

extension UInt16: SnapshotVarint {}
extension UInt32: SnapshotVarint {}
extension UInt64: SnapshotVarint {}
extension UInt: SnapshotVarint {}
extension UInt128: SnapshotVarint {}
extension Int16: SnapshotVarint {}
extension Int32: SnapshotVarint {}
extension Int64: SnapshotVarint {}
extension Int: SnapshotVarint {}
extension Int128: SnapshotVarint {}
