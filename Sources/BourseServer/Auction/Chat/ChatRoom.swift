import BourseCore
import BourseStore

/// A chat room by name (auction-api.md §4): `item:{id}`, the item's public thread, or `dm:{id}:{buyer}`,
/// one buyer's private room with the item's seller.
struct ChatRoom: Hashable, Sendable {
    /// The item the room is about.
    var item: ItemID
    /// The buyer's username in a private room; nil for the public thread.
    var buyer: String?

    /// The room `name` names; nil unless it is `item:<id>` or `dm:<id>:<username>`.
    init?(_ name: String) {
        let parts = name.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, let raw = UInt64(parts[1]), raw > 0, String(raw) == parts[1] else { return nil }
        switch (parts[0], parts.count) {
        case ("item", 2):
            buyer = nil
        case ("dm", 3):
            guard AccountRecord.isValidName(String(parts[2])) else { return nil }
            buyer = String(parts[2])
        default:
            return nil
        }
        item = ItemID(raw)
    }

    /// The room of `item`, private with `buyer` if given.
    init(item: ItemID, buyer: String? = nil) {
        self.item = item
        self.buyer = buyer
    }

    /// The name clients and the store know it by.
    var name: String {
        buyer.map { "dm:\(item.rawValue):\($0)" } ?? "item:\(item.rawValue)"
    }
}
