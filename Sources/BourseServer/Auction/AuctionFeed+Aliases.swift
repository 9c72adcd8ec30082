import BourseCore
import BourseStore

// Bidders' public names on an item: "bidder 1", "bidder 2", … in the order of their first bids, so a
// bidder is recognisable across the item's history without being named.
extension AuctionFeed {
    /// Reads the bidders' order of `items` from the store where it is not known yet.
    func loadAliases(_ items: [ItemID]) async throws {
        for item in items where state.withLock({ $0.aliases[item] == nil }) {
            let aliases = Self.aliasNumbers(try await store.auctionBids(of: item))
            state.withLock { state in if state.aliases[item] == nil { state.aliases[item] = aliases } }
        }
    }

    /// `account`'s public name on `item` ("bidder 2"), if it has bid there.
    func alias(_ account: AccountID?, on item: ItemID) -> String? {
        guard let account else { return nil }
        return state.withLock { $0.aliases[item]?[account] }.map(Self.aliasName)
    }

    /// Each bidder's number on an item, 1, 2, … in the order of first bids in `bids` (the item's history):
    /// stable, and not the name.
    static func aliasNumbers(_ bids: [AuctionBidRecord]) -> [AccountID: Int] {
        var aliases: [AccountID: Int] = [:]
        for bid in bids where aliases[bid.bidder] == nil { aliases[bid.bidder] = aliases.count + 1 }
        return aliases
    }

    /// Gives `bidder` the next alias on `item` unless they have one.
    static func name(_ bidder: AccountID, on item: ItemID, in state: inout State) {
        // In place: a copy of the item's aliases per bid would cost as much as its bidders.
        if state.aliases[item]?[bidder] == nil {
            let count = state.aliases[item]?.count ?? 0
            state.aliases[item, default: [:]][bidder] = count + 1
        }
    }

    /// What bidder `number` is called in public: "bidder 3".
    static func aliasName(_ number: Int) -> String { "bidder \(number)" }
}
