/// Upbit's order `state` as Bourse uses it: `wait` while an order can still fill, then `done` (filled
/// completely) or `cancel` (ended with or without fills). Upbit's `watch` (untriggered stop orders) has no
/// public way to be created, so Bourse never reports it.
public enum OrderState: String, Hashable, Codable, Sendable, CaseIterable {
    /// Open: resting in the book (or being matched).
    case wait
    /// Filled completely.
    case done
    /// Ended without a complete fill.
    case cancel

    /// Whether the order has ended.
    public var isClosed: Bool { self != .wait }
}
