import BourseClient
import BourseCore
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The SDK's `AuctionClient` against a live in-process server on a loopback port: sign-up and sign-in, a
/// listing with a photo, proxy bids from two funded buyers, the contract's refusals as typed errors, the
/// lists of the signed-in user, and the server clock's offset.
@Suite("SDK auction client against a live server", .timeLimit(.minutes(3)))
struct AuctionClientTests {
    static func signedIn(
        _ port: Int, _ name: String, krw: Int64, _ harness: ServerHarness
    ) async throws -> AuctionClient {
        let client = AuctionClient(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")))
        try await client.signUp(username: name, password: "password of \(name)")
        try await client.signIn(username: name, password: "password of \(name)")
        if krw > 0 {
            let account = try #require(try await harness.store.account(named: name)).id
            _ = try await harness.submit([.deposit(account, currency: "KRW", amount: Funds(units: krw * 100_000_000))])
        }
        return client
    }

    static func with(_ body: @escaping @Sendable (ServerHarness, Int) async throws -> Void) async throws {
        try await ServerHarness.with(steps: 0, configure: { $0.signIn.passwordCost = 4 }) { harness in
            try await harness.live { port, _ in try await body(harness, port) }
        }
    }

    static func photo(width: UInt32) -> PhotoFile {
        PhotoFile(filename: "photo.png", bytes: Data(PhotoRoutesTests.png(width: width, height: 80)))
    }

    @Test func aSellerListsWithAPhotoAndTwoBuyersBidByProxy() async throws {
        try await Self.with { harness, port in
            let seller = try await Self.signedIn(port, "seller", krw: 0, harness)
            let ann = try await Self.signedIn(port, "ann", krw: 1_000_000, harness)
            let ben = try await Self.signedIn(port, "ben", krw: 1_000_000, harness)
            #expect(try await seller.me().username == "seller")
            let session = try #require(seller.session)
            #expect(session.expiresAt > Date().addingTimeInterval(29 * 86_400))

            var listing = AuctionListing(
                title: "Leica M6", description: "Film camera, boxed.", category: "Cameras", startPrice: 10_000,
                durationSeconds: 3_600)
            listing.buyNowPrice = 500_000
            let item = try await seller.list(listing, photos: [Self.photo(width: 120)])
            #expect(item.title == "Leica M6" && item.category == "cameras" && item.seller == "seller")
            #expect(item.photos.map(\.width) == [120] && item.photos.first?.height == 80)
            #expect(item.photos.first.map { $0.listURL == $0.url + "?size=list" } == true)
            #expect(item.state == .live && item.price == 10_000 && item.minimumBid == 10_000)
            #expect(item.reserve == AuctionItem.ReserveState.none && item.buyNowPrice == 500_000 && item.leader == nil)
            #expect(item.effectiveEndsAt.timeIntervalSince(item.startsAt) == 3_600)
            #expect(item.softCloseSeconds == 120 && item.extensionSeconds == 120 && item.hardEndAt == nil)
            let uploaded = try await seller.uploadPhotos([Self.photo(width: 130)])
            #expect(uploaded.map(\.width) == [130] && uploaded.first?.url.hasPrefix("/auction/v1/photos/") == true)

            // Ann's secret maximum is 50,000; Ben's 30,000 only raises her price to 30,000 + one step.
            let first = try await ann.bid(item: item.id, maximum: 50_000)
            #expect(first.leading && first.price == 10_000 && first.yourMax == 50_000)
            let second = try await ben.bid(item: item.id, maximum: 30_000)
            #expect(!second.leading && second.price == 31_000)
            let shown = try await ben.item(item.id)
            #expect(shown.price == 31_000 && shown.bidCount == 2 && shown.leader == "bidder 1")
            #expect(shown.buyNowPrice == nil && shown.seq > item.seq)
            let history = try await ben.bids(item: item.id)
            #expect(history.map(\.bidder) == ["bidder 2", "bidder 1"])
            #expect(history.map(\.price).allSatisfy { $0 <= 31_000 })

            let mine = try await ann.myBids()
            #expect(mine.map(\.item.id) == [item.id] && mine.first?.leading == true && mine.first?.yourMax == 50_000)
            #expect(try await ben.myBids().first?.yourMax == nil)
            #expect(try await seller.myItems().map(\.id) == [item.id])
            let watched = try await ben.watch(item: item.id)
            #expect(watched.watching && watched.watchers == 1)
            #expect(try await ben.myWatchlist().map(\.id) == [item.id])
            #expect(try await ben.unwatch(item: item.id).watchers == 0)

            let page = try await ben.items(sort: .bids, query: "leica")
            #expect(page.total == 1 && page.pages == 1 && page.page == 1 && page.items.first?.id == item.id)
            #expect(try await ben.items(query: "nikon").total == 0)
            #expect(try await ben.items(category: "cameras").items.map(\.id) == [item.id])

            // The offset of a server on this machine is near zero, and a countdown counts to the end.
            let clock = ben.clock
            #expect(clock.samples >= 3 && abs(clock.offsetMilliseconds) < 2_000)
            let remaining = ben.remaining(until: shown.effectiveEndsAt)
            #expect(remaining > .seconds(3_500) && remaining <= .seconds(3_600))
        }
    }

    @Test func refusalsDecodeToTheirTypedCases() async throws {
        try await Self.with { harness, port in
            let seller = try await Self.signedIn(port, "seller", krw: 0, harness)
            let rich = try await Self.signedIn(port, "rich", krw: 1_000_000, harness)
            let poor = try await Self.signedIn(port, "poor", krw: 0, harness)
            let item = try await seller.list(
                AuctionListing(title: "Lamp", startPrice: 10_000, durationSeconds: 600), photos: [Self.photo(width: 90)]
            )

            await Self.expect("own_item") { _ = try await seller.bid(item: item.id, maximum: 20_000) }
            await Self.expect("bid_too_low") { _ = try await rich.bid(item: item.id, maximum: 9_999) }
            await Self.expect("insufficient_funds") { _ = try await poor.bid(item: item.id, maximum: 10_000) }
            await Self.expect("buy_now_unavailable") { _ = try await rich.buyNow(item: item.id) }
            await Self.expect("not_found") { _ = try await rich.item(999) }
            await Self.expect("username_taken") {
                try await poor.signUp(username: "rich", password: "another password")
            }
            await Self.expect("invalid_parameter") {
                _ = try await seller.list(AuctionListing(title: "", startPrice: 1), photos: [Self.photo(width: 90)])
            }
            _ = try await rich.bid(item: item.id, maximum: 20_000)
            await Self.expect("has_bids") { try await seller.cancel(item: item.id) }

            try await rich.signOut()
            #expect(rich.token == nil && rich.session == nil)
            await Self.expect("unauthorized") { _ = try await rich.me() }
            await Self.expect("unauthorized") { try await rich.signIn(username: "rich", password: "wrong password") }

            let unreachable = AuctionClient(baseURL: try #require(URL(string: "http://127.0.0.1:1")))
            do {
                _ = try await unreachable.items()
                Issue.record("a closed port answered")
            } catch let error as AuctionClientError {
                guard case .transport = error else { throw error }
            }
        }
    }

    /// Both transports read headers: URLSession (the default) and AsyncHTTPClient.
    @Test(arguments: [false, true]) func aThrottledSignInCarriesRetryAfter(overNIO: Bool) async throws {
        try await Self.with { harness, port in
            _ = try await Self.signedIn(port, "ann", krw: 0, harness)
            let transport = NIOHTTPTransport(timeout: .seconds(5))
            let ann = AuctionClient(
                baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")),
                transport: overNIO ? transport : URLSession.bourse)
            var refusal: AuctionClientError?
            for _ in 0..<10 where refusal == nil {
                do {
                    try await ann.signIn(username: "ann", password: "not the password")
                } catch let error as AuctionClientError {
                    if case .tooManyRequests = error { refusal = error }
                }
            }
            try await transport.shutdown()
            guard case .tooManyRequests(let seconds?, let message) = try #require(refusal) else {
                Issue.record("no Retry-After in \(String(describing: refusal))")
                return
            }
            #expect(seconds > 0 && seconds <= 15 * 60 && !message.isEmpty)
        }
    }

    @Test func theServerClockSmoothsItsSamples() {
        let local = Date(timeIntervalSince1970: 1_800_000_000)
        var clock = ServerClock()
        clock.observe(serverTime: local.addingTimeInterval(4), received: local)
        #expect(clock.offsetMilliseconds == 4_000)
        // A slow answer moves the offset a quarter of the way, not all of it.
        clock.observe(serverTime: local, received: local)
        #expect(clock.offsetMilliseconds == 3_000 && clock.samples == 2)
        #expect(clock.remaining(until: local.addingTimeInterval(10), at: local) == .seconds(7))
        #expect(clock.remaining(until: local, at: local) == .zero)
    }

    /// Expects `body` to throw the refusal named `expected` with a message.
    static func expect(
        _ expected: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () async throws -> Void
    ) async {
        do {
            try await body()
            Issue.record("expected \(expected)", sourceLocation: sourceLocation)
        } catch let error as AuctionClientError {
            #expect(error.name == expected, "\(error)", sourceLocation: sourceLocation)
            #expect(!error.message.isEmpty, sourceLocation: sourceLocation)
        } catch {
            Issue.record("not an AuctionClientError: \(error)", sourceLocation: sourceLocation)
        }
    }
}
