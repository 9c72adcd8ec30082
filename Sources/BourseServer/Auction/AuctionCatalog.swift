import BourseCore
import BourseStore
import Synchronization

/// What the auction routes show beside the engine's sale state, kept in memory: each item's listing (its
/// words and photos), who watches it, the photos' sizes and the users' names. Loaded from the store on first
/// use and kept up to date by the routes that change them, so a page of 15 items is built without a query
/// per item.
final class AuctionCatalog: Sendable {
    private struct Contents {
        var loaded = false
        var listings: [ItemID: ItemListing] = [:]
        var watchers: [ItemID: Set<AccountID>] = [:]
        var photos: [UInt64: StoredPhoto] = [:]
        var names: [AccountID: String] = [:]
    }

    let store: any Store
    private let contents = Mutex(Contents())

    init(store: any Store) {
        self.store = store
    }

    /// Loads listings and watches from the store, once.
    func load() async throws {
        if contents.withLock({ $0.loaded }) { return }
        let listings = try await store.listings()
        let watches = try await store.watches()
        let accounts = try await store.accounts()
        contents.withLock { contents in
            guard !contents.loaded else { return }
            for listing in listings { contents.listings[ItemID(listing.item)] = listing }
            for watch in watches { contents.watchers[ItemID(watch.item), default: []].insert(watch.account) }
            for account in accounts { contents.names[account.id] = account.name }
            contents.loaded = true
        }
    }

    /// Whether ``load()`` has run: before it, listings and watchers here are only those added since start.
    var isLoaded: Bool { contents.withLock { $0.loaded } }

    func listing(_ item: ItemID) -> ItemListing? { contents.withLock { $0.listings[item] } }

    func add(_ listing: ItemListing, photos: [StoredPhoto]) {
        contents.withLock { contents in
            contents.listings[ItemID(listing.item)] = listing
            for photo in photos { contents.photos[photo.id] = photo }
        }
    }

    func watcherCount(_ item: ItemID) -> Int { contents.withLock { $0.watchers[item]?.count ?? 0 } }

    /// Who watches `item` (their inboxes hear of its extensions and its last minutes).
    func watchers(of item: ItemID) -> Set<AccountID> { contents.withLock { $0.watchers[item] ?? [] } }

    func isWatched(_ item: ItemID, by account: AccountID) -> Bool {
        contents.withLock { $0.watchers[item]?.contains(account) ?? false }
    }

    /// The items `account` watches.
    func watched(by account: AccountID) -> [ItemID] {
        contents.withLock { $0.watchers.filter { $0.value.contains(account) }.map(\.key).sorted() }
    }

    func setWatching(_ item: ItemID, _ account: AccountID, _ watching: Bool) {
        contents.withLock { contents in
            if watching {
                contents.watchers[item, default: []].insert(account)
            } else {
                contents.watchers[item]?.remove(account)
            }
        }
    }

    /// The name of `account`, read from the store if it is new since the catalog loaded.
    func name(of account: AccountID) async throws -> String {
        if let name = contents.withLock({ $0.names[account] }) { return name }
        guard let record = try await store.account(id: account) else { return "account \(account)" }
        contents.withLock { $0.names[account] = record.name }
        return record.name
    }

    /// The photos of `ids`, in order, read from the store once each.
    func photos(_ ids: [UInt64]) async throws -> [StoredPhoto] {
        var found: [StoredPhoto] = []
        for id in ids {
            if let photo = contents.withLock({ $0.photos[id] }) {
                found.append(photo)
            } else if let photo = try await store.photo(id) {
                contents.withLock { $0.photos[id] = photo }
                found.append(photo)
            }
        }
        return found
    }
}
