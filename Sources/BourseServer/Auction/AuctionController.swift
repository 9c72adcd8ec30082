import BourseCore
import BourseStore
import BourseWire
import HTTPTypes
import Hummingbird

/// The auction house's REST routes (auction-api.md §2): listings, the paged list, an item, its bids, bidding,
/// buy-now, cancelling, the watchlist, and the user's own items, bids and watchlist.
///
/// Every change goes through the exchange's single writer as a journaled command, so a bid answered here is
/// durable, its money is locked in the same ledger the exchange uses, and the clock's close (``AuctionClock``)
/// settles it in the same durable step.
struct AuctionController: Sendable {
    let exchange: DurableExchange
    /// The socket's publisher: it keeps the bidders' aliases and is told when watchers change.
    let feed: AuctionFeed
    let library: PhotoLibrary
    let store: any Store
    let clock: @Sendable () -> Timestamp

    /// Listings, watchers, photos and names, shared with the socket.
    var catalog: AuctionCatalog { feed.catalog }

    /// Items a page holds (the seed app's page size).
    static let pageSize = 15

    func addRoutes(to router: Router<BourseRequestContext>) {
        let group = router.group("auction/v1").add(middleware: AuctionErrorMiddleware())
        group.get("items") { request, _ in try await list(request) }
        group.get("items/{id}") { _, context in try await show(try item(context)) }
        group.get("items/{id}/bids") { _, context in try await bids(try item(context)) }
        let signedIn = group.group().add(middleware: AuctionAuthentication(store: store, clock: clock))
        signedIn.post("items") { request, context in try await create(request, try user(context)) }
        signedIn.delete("items/{id}") { _, context in try await cancel(try item(context), try user(context)) }
        signedIn.post("items/{id}/bids") { request, context in
            try await bid(try item(context), request, try user(context))
        }
        signedIn.post("items/{id}/buy") { _, context in try await buy(try item(context), try user(context)) }
        signedIn.put("items/{id}/watch") { _, context in try await watch(try item(context), try user(context), true) }
        signedIn.delete("items/{id}/watch") { _, context in
            try await watch(try item(context), try user(context), false)
        }
        signedIn.get("me/items") { _, context in try await mine(try user(context)) { $0.terms.seller == $1 } }
        signedIn.get("me/bids") { _, context in try await myBids(try user(context)) }
        signedIn.get("me/watchlist") { _, context in
            let user = try user(context)
            let watched = Set(catalog.watched(by: user.account.id))
            return try await mine(user) { item, _ in watched.contains(item.id) }
        }
    }

    // MARK: - Reading

    private func list(_ request: Request) async throws -> Response {
        try await catalog.load()
        let query = request.uri.queryParameters
        let page = try Self.positive(query["page"].map(String.init), name: "page") ?? 1
        let sort = query["sort"].map(String.init) ?? "ending"
        guard ["ending", "newest", "price", "bids"].contains(sort) else {
            throw AuctionError.invalidParameter("sort must be ending, newest, price or bids.")
        }
        let state = try query["state"].map { text -> AuctionState in
            guard let state = AuctionState(rawValue: String(text)) else {
                throw AuctionError.invalidParameter("state must be scheduled, live, sold, unsold or cancelled.")
            }
            return state
        }
        let category = query["category"].map { String($0).lowercased() }.flatMap { $0.isEmpty ? nil : $0 }
        let words = (query["q"].map(String.init) ?? "").lowercased().split(separator: " ").map(String.init)
        var items = exchange.withState { Array($0.exchange.auctions.items.values) }
        items = items.filter { item in
            if let state, item.state != state { return false }
            // Without a state filter the list is what can still be bid on, as the seed's list was.
            if state == nil, item.state != .live, item.state != .scheduled { return false }
            let listing = catalog.listing(item.id)
            if let category, listing?.category.lowercased() != category { return false }
            if !words.isEmpty {
                let text = ((listing?.title ?? "") + " " + (listing?.description ?? "")).lowercased()
                if !words.allSatisfy({ text.contains($0) }) { return false }
            }
            return true
        }
        items.sort { a, b in
            switch sort {
            case "newest": a.id > b.id
            case "price": a.price != b.price ? a.price > b.price : a.id < b.id
            case "bids": a.bidCount != b.bidCount ? a.bidCount > b.bidCount : a.id < b.id
            default: a.effectiveEndsAt != b.effectiveEndsAt ? a.effectiveEndsAt < b.effectiveEndsAt : a.id < b.id
            }
        }
        let pages = max(1, (items.count + Self.pageSize - 1) / Self.pageSize)
        let shown = items.dropFirst((page - 1) * Self.pageSize).prefix(Self.pageSize)
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("items")
        writer.beginArray()
        let now = clock()
        for item in shown { try await view(item).write(into: &writer, now: now) }
        writer.endArray()
        writer.key("page")
        writer.integer(page)
        writer.key("pages")
        writer.integer(pages)
        writer.key("total")
        writer.integer(items.count)
        writer.key("page_size")
        writer.integer(Self.pageSize)
        writer.endObject()
        return AuctionJSON.response(writer.bytes)
    }

    private func show(_ id: ItemID) async throws -> Response {
        try await catalog.load()
        var writer = JSONWriter()
        try await view(try found(id)).write(into: &writer, now: clock())
        return AuctionJSON.response(writer.bytes)
    }

    private func bids(_ id: ItemID) async throws -> Response {
        _ = try found(id)
        let bids = try await store.auctionBids(of: id)
        let aliases = AuctionFeed.aliasNumbers(bids).mapValues(AuctionFeed.aliasName)
        var writer = JSONWriter()
        writer.beginArray()
        for bid in bids.reversed() {
            writer.beginObject()
            writer.key("bidder")
            writer.string(aliases[bid.bidder] ?? "bidder")
            writer.key("price")
            writer.string(AuctionMoney.text(bid.price))
            writer.key("leading")
            writer.bool(bid.leading)
            AuctionJSON.time("time", "time_ms", bid.time, into: &writer)
            writer.key("seq")
            writer.integer(Int64(bid.sequence))
            writer.endObject()
        }
        writer.endArray()
        return AuctionJSON.response(writer.bytes)
    }

    private func mine(
        _ user: AuctionUser, _ include: (AuctionItem, AccountID) -> Bool
    ) async throws -> Response {
        try await catalog.load()
        let items = exchange.withState { state in
            state.exchange.auctions.items.values.filter { include($0, user.account.id) }.sorted { $0.id > $1.id }
        }
        var writer = JSONWriter()
        writer.beginArray()
        let now = clock()
        for item in items { try await view(item).write(into: &writer, now: now) }
        writer.endArray()
        return AuctionJSON.response(writer.bytes)
    }

    private func myBids(_ user: AuctionUser) async throws -> Response {
        try await catalog.load()
        let account = user.account.id
        let candidates = exchange.withState { Array($0.exchange.auctions.items.values) }
        // The feed knows every item's bidders (its aliases), so no item's history is read here.
        let bidOn = candidates.filter { $0.bidCount > 0 && $0.terms.seller != account }
        try await feed.loadAliases(bidOn.map(\.id))
        let mine = bidOn.filter { feed.alias(account, on: $0.id) != nil }.sorted { $0.id > $1.id }
        var writer = JSONWriter()
        writer.beginArray()
        let now = clock()
        for item in mine {
            writer.beginObject()
            writer.key("item")
            try await view(item).write(into: &writer, now: now)
            writer.key("leading")
            writer.bool(item.leader == account)
            writer.key("your_max")
            if item.leader == account, item.state == .live {
                writer.string(AuctionMoney.text(item.leaderMaximum))
            } else {
                writer.null()
            }
            writer.endObject()
        }
        writer.endArray()
        return AuctionJSON.response(writer.bytes)
    }

    // MARK: - Helpers

    func view(_ item: AuctionItem) async throws -> AuctionItemView {
        let listing = catalog.listing(item.id)
        if item.leader != nil { try await feed.loadAliases([item.id]) }
        return AuctionItemView(
            item: item, listing: listing, photos: try await catalog.photos(listing?.photos ?? []),
            sellerName: try await catalog.name(of: item.terms.seller),
            leaderAlias: feed.alias(item.leader, on: item.id), watchers: catalog.watcherCount(item.id))
    }

    func found(_ id: ItemID) throws -> AuctionItem {
        guard let item = exchange.withState({ $0.exchange.auctions.item(id) }) else {
            throw AuctionError(status: .notFound, name: "not_found", message: "No such item.")
        }
        return item
    }

    func item(_ context: BourseRequestContext) throws -> ItemID {
        guard let text = context.parameters.get("id"), let raw = UInt64(text), raw > 0 else {
            throw AuctionError(status: .notFound, name: "not_found", message: "No such item.")
        }
        return ItemID(raw)
    }

    func user(_ context: BourseRequestContext) throws -> AuctionUser {
        guard let user = context.auctionUser else { throw AuctionError.unauthorized }
        return user
    }

    static func positive(_ text: String?, name: String) throws -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), value >= 1, value <= 1_000_000 else {
            throw AuctionError.invalidParameter("\(name) must be a whole number from 1.")
        }
        return value
    }
}
