/// Appends JSON to a byte array. Fast: no allocation per value beyond the array's growth.
///
/// The writer places commas itself: before a key or a value it writes `,` unless the last byte opened a
/// container (`{`, `[`) or ended a key (`:`), or nothing was written yet. Callers therefore only say what
/// comes next (`beginObject()`, `key("market")`, `string(…)`, `endObject()`); the writer does not check
/// that the calls form valid JSON, the encoders' golden tests do.
///
/// Numbers are spelled from integers (see `JSONWriter+Numbers.swift`), never through `Double`.
public struct JSONWriter: Sendable {
    /// The JSON written so far.
    public internal(set) var bytes: [UInt8]

    /// An empty writer whose buffer holds `capacity` bytes before it grows.
    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    // MARK: - Structure

    /// Writes `{`.
    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
    }

    /// Writes `}`.
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
    }

    /// Writes `[`.
    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
    }

    /// Writes `]`.
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
    }

    /// Writes `"name":`; `name` is written as is, so it must need no escaping (every key of the wire does).
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        appendRaw(name)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// Writes `"name":` with `name` escaped, for keys that are not literals.
    public mutating func key(escaping name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Appends an already-encoded JSON value (an object from another encoder, say) as the next value.
    public mutating func raw(_ json: [UInt8]) {
        separate()
        bytes.append(contentsOf: json)
    }

    // MARK: - Literals

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        separate()
        if value {
            bytes.append(contentsOf: [116, 114, 117, 101])  // true
        } else {
            bytes.append(contentsOf: [102, 97, 108, 115, 101])  // false
        }
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        bytes.append(contentsOf: [110, 117, 108, 108])  // null
    }

    // MARK: - Internals

    /// Writes the comma that separates this value or key from the previous one, when one is needed.
    mutating func separate() {
        guard let last = bytes.last else { return }
        switch last {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: ":"), UInt8(ascii: ","): return
        default: bytes.append(UInt8(ascii: ","))
        }
    }

    /// Appends the UTF-8 bytes of a static string without escaping.
    mutating func appendRaw(_ text: StaticString) {
        if text.hasPointerRepresentation {
            bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        } else {
            text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }
    }

    /// Reverses `bytes[start...]`: digits are produced least significant first.
    mutating func reverseTail(from start: Int) {
        var low = start
        var high = bytes.count - 1
        while low < high {
            bytes.swapAt(low, high)
            low += 1
            high -= 1
        }
    }
}
