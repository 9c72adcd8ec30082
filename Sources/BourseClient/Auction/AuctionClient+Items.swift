import Foundation

extension AuctionClient {
    /// One page (15 items) of the list (`GET /items`): by default the items still open (scheduled and
    /// live), ending soonest first; `query` matches every word in the title or description.
    public func items(
        page: Int = 1, sort: AuctionSort = .ending, state: AuctionItem.State? = nil, category: String? = nil,
        query: String? = nil
    ) async throws -> AuctionPage {
        var items = [URLQueryItem(name: "page", value: String(page)), URLQueryItem(name: "sort", value: sort.rawValue)]
        if let state { items.append(URLQueryItem(name: "state", value: state.rawValue)) }
        if let category { items.append(URLQueryItem(name: "category", value: category)) }
        if let query { items.append(URLQueryItem(name: "q", value: query)) }
        return try await send("GET", "/items", query: items)
    }

    /// One item (`GET /items/{id}`).
    public func item(_ id: Int64) async throws -> AuctionItem {
        try await send("GET", "/items/\(id)")
    }

    /// An item's bids, newest first (`GET /items/{id}/bids`): aliases and prices, never maxima.
    public func bids(item id: Int64) async throws -> [AuctionBid] {
        try await send("GET", "/items/\(id)/bids")
    }

    /// Bids up to `maximum` (`POST /items/{id}/bids`): the proxy bids for you up to it, and it stays locked
    /// in your KRW balance while you lead.
    public func bid(item id: Int64, maximum: Won) async throws -> BidReceipt {
        try await send("POST", "/items/\(id)/bids", json: ["max": maximum.description])
    }

    /// Buys at the buy-now price (`POST /items/{id}/buy`), ending the sale.
    public func buyNow(item id: Int64) async throws -> Purchase {
        try await send("POST", "/items/\(id)/buy")
    }

    /// Withdraws the seller's item before its first bid (`DELETE /items/{id}`); `has_bids` after.
    public func cancel(item id: Int64) async throws {
        let _: Empty = try await send("DELETE", "/items/\(id)")
    }

    /// Adds the item to the watchlist (`PUT /items/{id}/watch`).
    @discardableResult
    public func watch(item id: Int64) async throws -> WatchStatus {
        try await send("PUT", "/items/\(id)/watch")
    }

    /// Takes the item off the watchlist (`DELETE /items/{id}/watch`).
    @discardableResult
    public func unwatch(item id: Int64) async throws -> WatchStatus {
        try await send("DELETE", "/items/\(id)/watch")
    }

    /// The user's own listings, newest first (`GET /me/items`).
    public func myItems() async throws -> [AuctionItem] {
        try await send("GET", "/me/items")
    }

    /// The items the user bid on, newest first, with whether they lead (`GET /me/bids`).
    public func myBids() async throws -> [MyBid] {
        try await send("GET", "/me/bids")
    }

    /// The user's watchlist (`GET /me/watchlist`).
    public func myWatchlist() async throws -> [AuctionItem] {
        try await send("GET", "/me/watchlist")
    }

    // MARK: - Listing

    /// Lists an item with its photos (`POST /items`, `multipart/form-data`): 1–10 JPEG, PNG or WebP files,
    /// in the order to show. The answer is the new item.
    public func list(_ listing: AuctionListing, photos: [PhotoFile]) async throws -> AuctionItem {
        var form = MultipartForm()
        for (name, value) in listing.fields { form.field(name, value) }
        for photo in photos { form.file("photos", photo) }
        return try await send("POST", "/items", body: (form.contentType, form.finished()))
    }

    /// Uploads photos ahead of a listing (`POST /photos`) and returns them with their ids and sizes.
    public func uploadPhotos(_ photos: [PhotoFile]) async throws -> [AuctionPhoto] {
        struct Answer: Decodable { var photos: [AuctionPhoto] }
        var form = MultipartForm()
        for photo in photos { form.file("photos", photo) }
        let answer: Answer = try await send("POST", "/photos", body: (form.contentType, form.finished()))
        return answer.photos
    }
}
