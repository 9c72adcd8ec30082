/// Where a sale is. `scheduled` → `live` → `sold` | `unsold`, or `cancelled` by the seller before any bid.
/// Raw values are the contract's spellings.
public enum AuctionState: String, Hashable, Codable, Sendable, CaseIterable {
    /// Listed; bidding has not opened yet.
    case scheduled
    /// Bids are taken until the effective end.
    case live
    /// Ended with a winner who paid (or bought it outright).
    case sold
    /// Ended with no bid, or below the reserve; every lock was released.
    case unsold
    /// Withdrawn by the seller before the first bid.
    case cancelled

    /// `true` once the sale is over: nothing can change it any more.
    public var isFinal: Bool { self == .sold || self == .unsold || self == .cancelled }
}

/// What the public may know about a hidden reserve. Raw values are the contract's spellings.
public enum ReserveState: String, Hashable, Codable, Sendable, CaseIterable {
    /// The item has no reserve.
    case none
    /// The leader's maximum is below the reserve (or there is no bid yet).
    case notMet = "not_met"
    /// The leader's maximum reached the reserve, and the price with it.
    case met
}
