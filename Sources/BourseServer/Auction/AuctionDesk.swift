public import BourseCore
import BourseStore

/// Lists items as `POST /auction/v1/items` does (photos saved, the journaled listing, the catalog entry),
/// for in-process sellers: the demo's simulated auction house.
public struct AuctionDesk: Sendable {
    let controller: AuctionController

    /// Lists an item of `seller` with `photos` (JPEG, PNG or WebP bytes, in order); the item's id.
    public func list(
        seller: AccountID, title: String, description: String, category: String, photos: [[UInt8]], terms: ItemTerms
    ) async throws -> ItemID {
        try await controller.list(
            seller: seller, title: title, description: description, category: category, photos: photos, terms: terms
        ).id
    }
}
