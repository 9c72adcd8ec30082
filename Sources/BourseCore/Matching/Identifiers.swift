/// An order's id, assigned by the shell before the command reaches the engine (the wire layer spells
/// it as a UUID).
public struct OrderID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The raw id; never zero.
    public let rawValue: UInt64
    /// Wraps a raw id.
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }
    /// The decimal raw id.
    public var description: String { String(rawValue) }
    /// By raw id.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// An account (a user or a pocket); balances and orders belong to one.
public struct AccountID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The raw id.
    public let rawValue: UInt64
    /// Wraps a raw id.
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }
    /// The decimal raw id.
    public var description: String { String(rawValue) }
    /// By raw id.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A point in time in milliseconds since 1970-01-01 UTC. The core never reads a clock: time comes in
/// with each command.
public struct Timestamp: Hashable, Comparable, Codable, Sendable {
    /// Milliseconds since the Unix epoch.
    public let milliseconds: Int64
    /// Wraps milliseconds since the Unix epoch.
    public init(milliseconds: Int64) { self.milliseconds = milliseconds }
    /// By time.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.milliseconds < rhs.milliseconds }
}
