/// Every item ever listed, with its sale's state. Part of ``Exchange`` (and so of every snapshot), because
/// its bids lock money in the exchange's ledger and its ends move money between accounts (ADR 0010).
///
/// Finished items stay: a late bid on one must be told `auction_not_live`, not `not_found`, and replay must
/// see the same. Lookups go through a dictionary, but nothing iterates it unsorted, so no result depends
/// on the process's hash seed.
public struct AuctionHouse: Hashable, Codable, Sendable {
    /// Items by id.
    public internal(set) var items: [ItemID: AuctionItem] = [:]

    /// No items.
    public init() {}

    /// The item named `id`, if it was ever listed.
    public func item(_ id: ItemID) -> AuctionItem? { items[id] }

    /// The items whose deadline (opening or effective end) is at or before `time`, in id order: what the
    /// writer's clock must send ``Command/advanceAuction(_:)`` for.
    public func due(at time: Timestamp) -> [ItemID] {
        items.values.filter { item in item.deadline.map { $0 <= time } ?? false }.map(\.id).sorted()
    }

    /// The earliest deadline of any item not yet over, so a timer can sleep until then.
    public var nextDeadline: Timestamp? {
        items.values.compactMap(\.deadline).min()
    }

    /// KRW locked by live items' leaders, per account: what the ledger audit expects beside open orders.
    public var lockedByAccount: [AccountID: Funds] {
        var locks: [AccountID: Funds] = [:]
        for item in items.values {
            guard let lock = item.lock else { continue }
            locks[lock.account, default: .zero].units += lock.amount.units
        }
        return locks
    }

    /// The currency every auction amount is in.
    public static let currency: CurrencyCode = "KRW"
}
