/// An auction item's id. The writer hands it out from the order id counter (as it does transfer ids), so
/// an item, an order and a transfer never share a number and replay gives every item the same id.
public struct ItemID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The raw id; never zero.
    public var rawValue: UInt64

    /// Wraps a raw id.
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }

    /// By raw id, which is also listing order.
    public static func < (lhs: ItemID, rhs: ItemID) -> Bool { lhs.rawValue < rhs.rawValue }
    /// The decimal raw id.
    public var description: String { String(rawValue) }
}
