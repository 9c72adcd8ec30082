import BourseCore
import BourseStore
import BourseWire
import Foundation
import HTTPTypes
import Hummingbird

// The routes that change something: each is one journaled command through the single writer.
extension AuctionController {
    func create(_ request: Request, _ user: AuctionUser) async throws -> Response {
        try await catalog.load()
        let form = try await MultipartForm.read(request, limits: MultipartForm.Limits())
        let now = clock()
        let draft = try ListingForm(form.fields, now: now)
        let files = form.files(named: "photos")
        guard (1...10).contains(files.count) else {
            throw AuctionError.invalidParameter("Send 1 to 10 photos, in parts named photos, in the order to show.")
        }
        var photos: [StoredPhoto] = []
        for (index, file) in files.enumerated() {
            photos.append(try await library.save(file.bytes, number: index + 1, owner: user.account.id, at: now))
        }
        let terms = draft.terms(seller: user.account.id)
        let result = try await exchange.submit { id in .listItem(ItemID(id.rawValue), terms) }
        try Self.throwIfRejected(result.events)
        guard
            case .auction(.listed(let item)) = result.events.first(where: {
                if case .auction(.listed) = $0 { true } else { false }
            })
        else { throw AuctionError.invalidParameter("The listing was not accepted.") }
        let listing = ItemListing(
            item: item.id.rawValue, seller: user.account.id, title: draft.title, description: draft.description,
            category: draft.category, photos: photos.map(\.id), createdAt: now)
        try await store.saveListing(listing)
        catalog.add(listing, photos: photos)
        var writer = JSONWriter()
        try await view(item).write(into: &writer, now: clock())
        return AuctionJSON.response(writer.bytes, status: .created)
    }

    func bid(_ id: ItemID, _ request: Request, _ user: AuctionUser) async throws -> Response {
        let body = try await AuctionJSON.object(of: request)
        guard let maximum = try AuctionMoney.funds("max", in: body) else {
            throw AuctionError.invalidParameter("max is missing: the most you will pay, in won (\"25000\").")
        }
        let result = try await exchange.submit(.bid(id, account: user.account.id, maximum: maximum))
        try Self.throwIfRejected(result.events)
        guard
            case .auction(.bidAccepted(let accepted)) = result.events.first(where: {
                if case .auction(.bidAccepted) = $0 { true } else { false }
            })
        else { throw AuctionError(status: .conflict, name: "auction_not_live", message: "The auction is not live.") }
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("type")
        writer.string("bid.accepted")
        writer.key("item")
        writer.integer(Int64(id.rawValue))
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
        writer.endObject()
        return AuctionJSON.response(writer.bytes)
    }

    func buy(_ id: ItemID, _ user: AuctionUser) async throws -> Response {
        let result = try await exchange.submit(.buyNow(id, account: user.account.id))
        try Self.throwIfRejected(result.events)
        guard
            case .auction(.ended(let ended)) = result.events.first(where: {
                if case .auction(.ended) = $0 { true } else { false }
            })
        else { throw AuctionError(status: .conflict, name: "buy_now_unavailable", message: "Buy now is not offered.") }
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
        if count != before { feed?.watchersChanged(id, count: count, sequence: try found(id).sequence) }
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
