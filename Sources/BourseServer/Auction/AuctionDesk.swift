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
        try await controller.catalog.load()
        let now = controller.clock()
        var saved: [StoredPhoto] = []
        for (index, bytes) in photos.enumerated() {
            saved.append(try await controller.library.save(bytes, number: index + 1, owner: seller, at: now))
        }
        let result = try await controller.exchange.submit { id in .listItem(ItemID(id.rawValue), terms) }
        try AuctionController.throwIfRejected(result.events)
        guard
            case .auction(.listed(let item))? = result.events.first(where: {
                if case .auction(.listed) = $0 { true } else { false }
            })
        else { throw AuctionError.invalidParameter("The listing was not accepted.") }
        let listing = ItemListing(
            item: item.id.rawValue, seller: seller, title: title, description: description, category: category,
            photos: saved.map(\.id), createdAt: now)
        try await controller.store.saveListing(listing)
        controller.catalog.add(listing, photos: saved)
        return item.id
    }
}
