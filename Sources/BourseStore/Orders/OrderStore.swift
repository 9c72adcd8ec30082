public import BourseCore

/// Where order records and their fills are kept: written with the journal commit that changed them
/// (``JournalCommit/orders``, ``JournalCommit/fills``), read by the exchange API.
///
/// Every query is scoped to one account where a client could name an order, so one account can never
/// read another's orders by guessing ids or identifiers.
public protocol OrderStore: Sendable {
    /// The order `id` of `account`, if it has one.
    func order(_ id: OrderID, of account: AccountID) async throws -> OrderRecord?

    /// The order of `account` placed with `identifier`, if any.
    func order(identifier: OrderIdentifier, of account: AccountID) async throws -> OrderRecord?

    /// The orders `query` selects, in its order, at most ``OrderQuery/limit`` after skipping
    /// ``OrderQuery/offset``.
    func orders(_ query: OrderQuery) async throws -> [OrderRecord]

    /// The fills of order `id`, oldest first.
    func fills(of id: OrderID) async throws -> [OrderFill]
}
