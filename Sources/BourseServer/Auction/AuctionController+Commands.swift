import BourseCore
import BourseStore
import BourseWire
import Foundation
import HTTPTypes
import Hummingbird

// The routes that change something: each is one journaled command through the single writer.
extension AuctionController {
    func create(_ request: Request, _ user: AuctionUser) async throws -> Response {
        let form = try await MultipartForm.read(request, limits: MultipartForm.Limits())
        let now = clock()
        let draft = try ListingForm(form.fields, now: now)
        let files = form.files(named: "photos")
        guard (1...10).contains(files.count) else {
            throw AuctionError.invalidParameter("Send 1 to 10 photos, in parts named photos, in the order to show.")
        }
        try await library.checkQuota(of: user.account.id, adding: files.reduce(0) { $0 + $1.bytes.count })
        let item = try await list(
            seller: user.account.id, title: draft.title, description: draft.description, category: draft.category,
            photos: files.map(\.bytes), terms: draft.terms(seller: user.account.id))
        var writer = JSONWriter()
        try await view(item).write(into: &writer, now: clock())
        return AuctionJSON.response(writer.bytes, status: .created)
    }

    func bid(_ id: ItemID, _ request: Request, _ user: AuctionUser) async throws -> Response {
        let body = try await AuctionJSON.object(of: request)
        guard let maximum = try AuctionMoney.funds("max", in: body) else {
            throw AuctionError.invalidParameter("max is missing: the most you will pay, in won (\"25000\").")
        }
        let accepted = try await placeBid(id, account: user.account.id, maximum: maximum)
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("type")
        writer.string("bid.accepted")
        Self.writeFields(of: accepted, maximum: maximum, into: &writer)
        writer.endObject()
        return AuctionJSON.response(writer.bytes)
    }

    /// The fields of `bid.accepted` after its `type`, the same over HTTP and the socket: `item`, `price`,
    /// `leading`, `your_max`, `effective_ends_at_ms`, `seq`.
    static func writeFields(of accepted: BidAccepted, maximum: Funds, into writer: inout JSONWriter) {
        writer.key("item")
        writer.integer(Int64(accepted.item.rawValue))
        writer.key("price")
        writer.string(AuctionMoney.text(accepted.price))
        writer.key("leading")
        writer.bool(accepted.leading)
        writer.key("your_max")
        writer.string(AuctionMoney.text(maximum))
        writer.key("effective_ends_at_ms")
        writer.integer(accepted.effectiveEndsAt.milliseconds)
        writer.key("seq")
        writer.integer(Int64(accepted.sequence))
    }

    func buy(_ id: ItemID, _ user: AuctionUser) async throws -> Response {
        let ended = try await buyNow(id, account: user.account.id)
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("type")
        writer.string("bought")
        writer.key("item")
        writer.integer(Int64(id.rawValue))
        writer.key("price")
        writer.string(AuctionMoney.text(ended.price))
        writer.endObject()
        return AuctionJSON.response(writer.bytes)
    }

    func cancel(_ id: ItemID, _ user: AuctionUser) async throws -> Response {
        let result = try await exchange.submit(.cancelItem(id, account: user.account.id))
        try Self.throwIfRejected(result.events)
        return Response(status: .noContent)
    }

    func watch(_ id: ItemID, _ user: AuctionUser, _ watching: Bool) async throws -> Response {
        try await catalog.load()
        _ = try found(id)
        if watching {
            try await store.watch(id.rawValue, account: user.account.id, at: clock())
        } else {
            _ = try await store.unwatch(id.rawValue, account: user.account.id)
        }
        let before = catalog.watcherCount(id)
        catalog.setWatching(id, user.account.id, watching)
        let count = catalog.watcherCount(id)
        if count != before { feed.watchersChanged(id, count: count, sequence: try found(id).sequence) }
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("type")
        writer.string("ok")
        writer.key("watching")
        writer.bool(watching)
        writer.key("watchers")
        writer.integer(catalog.watcherCount(id))
        writer.endObject()
        return AuctionJSON.response(writer.bytes)
    }

    // MARK: - Commands (shared by the REST routes, the socket and the demo's desk)

    /// Saves the photos, lists the item and records its listing: `POST /items`, and the demo's sellers.
    func list(
        seller: AccountID, title: String, description: String, category: String, photos: [[UInt8]], terms: ItemTerms
    ) async throws -> AuctionItem {
        try await catalog.load()
        let now = clock()
        var saved: [StoredPhoto] = []
        for (index, bytes) in photos.enumerated() {
            saved.append(try await library.save(bytes, number: index + 1, owner: seller, at: now))
        }
        let item = try await listItem(terms)
        let listing = ItemListing(
            item: item.id.rawValue, seller: seller, title: title, description: description, category: category,
            photos: saved.map(\.id), createdAt: now)
        try await store.saveListing(listing)
        catalog.add(listing, photos: saved)
        return item
    }

    /// Lists an item with `terms`: the item as listed, or the engine's refusal.
    func listItem(_ terms: ItemTerms) async throws -> AuctionItem {
        let result = try await exchange.submit { id in .listItem(ItemID(id.rawValue), terms) }
        return try Self.outcome(of: result.events, .invalidParameter) { event in
            if case .auction(.listed(let item)) = event { item } else { nil }
        }
    }

    /// Bids up to `maximum` for `account`: the accepted bid, or the engine's refusal.
    func placeBid(_ id: ItemID, account: AccountID, maximum: Funds) async throws -> BidAccepted {
        try await withCheckedThrowingContinuation { continuation in
            placeBid(id, account: account, maximum: maximum) { continuation.resume(with: $0) }
        }
    }

    /// Queues the bid now and calls `reply` once it is durable.
    func placeBid(
        _ id: ItemID, account: AccountID, maximum: Funds,
        reply: @escaping @Sendable (Result<BidAccepted, any Error>) -> Void
    ) {
        enqueue(.bid(id, account: account, maximum: maximum), .auctionNotLive, reply: reply) { event in
            if case .auction(.bidAccepted(let accepted)) = event { accepted } else { nil }
        }
    }

    /// Buys the item outright for `account`: the sale's end, or the engine's refusal.
    func buyNow(_ id: ItemID, account: AccountID) async throws -> AuctionEnded {
        try await withCheckedThrowingContinuation { continuation in
            buyNow(id, account: account) { continuation.resume(with: $0) }
        }
    }

    /// Queues the purchase now and calls `reply` once it is durable.
    func buyNow(_ id: ItemID, account: AccountID, reply: @escaping @Sendable (Result<AuctionEnded, any Error>) -> Void)
    {
        enqueue(.buyNow(id, account: account), .buyNowUnavailable, reply: reply) { event in
            if case .auction(.ended(let ended)) = event { ended } else { nil }
        }
    }

    /// Queues `command` on the writer now, without waiting, and calls `reply` once it is durable with the
    /// ``outcome(of:_:_:)`` of its events: a socket that sends bids back to back keeps them all in flight,
    /// in order, instead of waiting out one commit per bid.
    private func enqueue<T>(
        _ command: Command, _ otherwise: AuctionRejection, reply: @escaping @Sendable (Result<T, any Error>) -> Void,
        match: @escaping @Sendable (Event) -> T?
    ) {
        exchange.enqueue([{ _ in command }]) { result in
            reply(Result { try Self.outcome(of: try result.get()[0].events, otherwise, match) })
        }
    }

    /// The first event `match` picks, after throwing the engine's refusal if there is one (`otherwise` if
    /// neither is there).
    static func outcome<T>(
        of events: [Event], _ otherwise: AuctionRejection, _ match: (Event) -> T?
    ) throws -> T {
        try throwIfRejected(events)
        guard let found = events.lazy.compactMap(match).first else { throw AuctionError(otherwise) }
        return found
    }

    /// Throws the contract's error if `events` hold the engine's refusal.
    static func throwIfRejected(_ events: [Event]) throws {
        for event in events {
            guard case .auction(.rejected(let rejected)) = event else { continue }
            throw AuctionError(rejected.reason)
        }
    }
}

extension AuctionError {
    /// The engine's refusal with the contract's name and a fitting status.
    init(_ reason: AuctionRejection) {
        switch reason {
        case .bidTooLow: self.init(status: .badRequest, name: "bid_too_low", message: "The bid is below the minimum.")
        case .auctionNotLive:
            self.init(status: .conflict, name: "auction_not_live", message: "The auction is not live.")
        case .ownItem: self.init(status: .forbidden, name: "own_item", message: "You cannot bid on your own item.")
        case .insufficientFunds:
            self.init(
                status: .badRequest, name: "insufficient_funds",
                message: "Your available KRW does not cover the maximum.")
        case .buyNowUnavailable:
            self.init(status: .conflict, name: "buy_now_unavailable", message: "Buy now is not offered.")
        case .notFound: self.init(status: .notFound, name: "not_found", message: "No such item.")
        case .invalidParameter:
            self.init(status: .badRequest, name: "invalid_parameter", message: "The terms or amounts are not valid.")
        case .hasBids:
            self.init(status: .conflict, name: "has_bids", message: "An item with bids cannot be cancelled.")
        }
    }
}
