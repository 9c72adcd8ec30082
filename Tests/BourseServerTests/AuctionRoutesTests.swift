import BourseCore
import BourseServer
import BourseStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// The auction house's REST routes on a whole in-process server: listing with photos, the list, bidding
/// with proxies, the contract's errors, buy now, the watchlist, and the clock's close settling the ledger.
@Suite("Auction routes")
struct AuctionRoutesTests {
    typealias S = SignInRoutesTests
    typealias P = PhotoRoutesTests

    struct User {
        var name: String
        var token: String
        var account: AccountID
        var headers: HTTPFields { [.authorization: "Bearer \(token)"] }
    }

    static func user(
        _ name: String, krw: Int64, _ harness: ServerHarness, _ client: any TestClientProtocol
    ) async throws -> User {
        let credentials = #"{"username":"\#(name)","password":"password of \#(name)"}"#
        #expect(try await S.post(client, "/auction/v1/users", credentials).status == .created)
        let token = try #require(
            try S.object(try await S.post(client, "/auction/v1/sessions", credentials))["token"] as? String)
        let account = try #require(try await harness.store.account(named: name)).id
        if krw > 0 {
            _ = try await harness.submit([.deposit(account, currency: "KRW", amount: Funds(units: krw * 100_000_000))])
        }
        return User(name: name, token: token, account: account)
    }

    static func list(
        _ client: any TestClientProtocol, _ seller: User, fields: [(String, String)], photos: Int = 1
    ) async throws -> TestResponse {
        let files = (0..<photos).map { ("p\($0).png", P.png(width: UInt32(100 + $0), height: 80)) }
        let (type, body) = P.multipart(files, fields: fields)
        var headers = seller.headers
        headers[.contentType] = type
        return try await client.execute(uri: "/auction/v1/items", method: .post, headers: headers, body: body)
    }

    static func bid(_ client: any TestClientProtocol, _ user: User, item: Int, max: String) async throws -> TestResponse
    {
        try await S.post(client, "/auction/v1/items/\(item)/bids", #"{"max":"\#(max)"}"#, headers: user.headers)
    }

    static func krw(_ harness: ServerHarness, _ user: User) -> (available: Int64, locked: Int64) {
        harness.exchange.withState { state in
            let balance = state.exchange.ledger.balance(of: user.account, "KRW")
            return (balance.balance.units / 100_000_000, balance.locked.units / 100_000_000)
        }
    }

    @Test func aListingIsBidOnByProxyAndTheListShowsIt() async throws {
        try await S.with { harness, client in
            let seller = try await Self.user("seller", krw: 0, harness, client)
            let ann = try await Self.user("ann", krw: 1_000_000, harness, client)
            let ben = try await Self.user("ben", krw: 1_000_000, harness, client)
            let listed = try await Self.list(
                client, seller,
                fields: [
                    ("title", "Leica M6"), ("description", "Film camera, boxed."), ("category", "Cameras"),
                    ("start_price", "10000"), ("duration_seconds", "3600"), ("buy_now_price", "500000"),
                ], photos: 2)
            #expect(listed.status == .created)
            let item = try S.object(listed)
            let id = try #require(item["id"] as? Int)
            #expect(item["title"] as? String == "Leica M6" && item["category"] as? String == "cameras")
            #expect((item["photos"] as? [[String: Any]])?.map { $0["width"] as? Int } == [100, 101])
            #expect(item["state"] as? String == "live" && item["price"] as? String == "10000")
            #expect(item["seller"] as? String == "seller" && item["seq"] as? Int == 1)

            // Ann's secret maximum is 50,000; Ben's 30,000 only raises her price to 30,000 + one step.
            let first = try S.object(try await Self.bid(client, ann, item: id, max: "50000"))
            #expect(first["type"] as? String == "bid.accepted" && first["leading"] as? Bool == true)
            #expect(first["price"] as? String == "10000")
            #expect(Self.krw(harness, ann).locked == 50_000)
            let second = try S.object(try await Self.bid(client, ben, item: id, max: "30000"))
            #expect(second["leading"] as? Bool == false && second["price"] as? String == "31000")
            #expect(Self.krw(harness, ben).locked == 0)

            let shown = try S.object(try await client.execute(uri: "/auction/v1/items/\(id)", method: .get))
            #expect(shown["price"] as? String == "31000" && shown["bid_count"] as? Int == 2)
            #expect(shown["leader"] as? String == "bidder 1")
            #expect(shown["buy_now_price"] is NSNull)
            let history = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(buffer: try await client.execute(uri: "/auction/v1/items/\(id)/bids", method: .get).body)
                ) as? [[String: Any]])
            #expect(history.map { $0["bidder"] as? String } == ["bidder 2", "bidder 1"])
            #expect(
                !String(buffer: try await client.execute(uri: "/auction/v1/items/\(id)/bids", method: .get).body)
                    .contains("50000"))

            let page = try S.object(try await client.execute(uri: "/auction/v1/items?sort=bids&q=leica", method: .get))
            #expect(page["total"] as? Int == 1 && page["pages"] as? Int == 1)
            #expect(
                try S.object(try await client.execute(uri: "/auction/v1/items?q=nikon", method: .get))["total"] as? Int
                    == 0)
            #expect(
                try S.object(try await client.execute(uri: "/auction/v1/items?category=cameras", method: .get))["total"]
                    as? Int == 1)

            let mine = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(
                        buffer: try await client.execute(uri: "/auction/v1/me/bids", method: .get, headers: ann.headers)
                            .body)) as? [[String: Any]])
            #expect(mine.first?["your_max"] as? String == "50000")
        }
    }

    @Test func refusalsUseTheContractsNames() async throws {
        try await S.with { harness, client in
            let seller = try await Self.user("seller", krw: 0, harness, client)
            let poor = try await Self.user("poor", krw: 5_000, harness, client)
            let rich = try await Self.user("rich", krw: 1_000_000, harness, client)
            let fields = [("title", "Vase"), ("start_price", "10000"), ("duration_seconds", "600")]
            let id = try #require(try S.object(try await Self.list(client, seller, fields: fields))["id"] as? Int)
            let cases: [(User, String, HTTPResponse.Status, String)] = [
                (seller, "20000", .forbidden, "own_item"),
                (rich, "9999", .badRequest, "bid_too_low"),
                (poor, "10000", .badRequest, "insufficient_funds"),
                (rich, "12.5", .badRequest, "invalid_parameter"),
            ]
            for (user, max, status, name) in cases {
                let response = try await Self.bid(client, user, item: id, max: max)
                #expect(response.status == status, "\(name)")
                #expect(try S.errorName(response) == name)
            }
            #expect(try await Self.bid(client, rich, item: 999_999, max: "20000").status == .notFound)
            let buy = try await client.execute(uri: "/auction/v1/items/\(id)/buy", method: .post, headers: rich.headers)
            #expect(try S.errorName(buy) == "buy_now_unavailable")
            let noPhotos = try await Self.list(client, seller, fields: fields, photos: 0)
            #expect(noPhotos.status == .badRequest)
            let noTitle = try await Self.list(
                client, seller, fields: [("start_price", "10000"), ("duration_seconds", "600")])
            #expect(try S.errorName(noTitle) == "invalid_parameter")
            let anonymous = try await S.post(client, "/auction/v1/items/\(id)/bids", #"{"max":"20000"}"#)
            #expect(anonymous.status == .unauthorized)
            // The seller may cancel before the first bid, not after.
            #expect(try await Self.bid(client, rich, item: id, max: "20000").status == .ok)
            let cancel = try await client.execute(
                uri: "/auction/v1/items/\(id)", method: .delete, headers: seller.headers)
            #expect(try S.errorName(cancel) == "has_bids")
        }
    }

    /// A probe listed an item ending at epoch millisecond 9223372036854775807: the reply's KST time
    /// overflowed and the server stopped, and again at every start, printing the stored item. Every time of a
    /// listing is now bounded, and the server still answers afterwards.
    @Test func listingTimesFarAwayAreRefusedNotFatal() async throws {
        try await S.with { harness, client in
            let seller = try await Self.user("seller", krw: 0, harness, client)
            let now = Int64(Date().timeIntervalSince1970 * 1_000)
            let day: Int64 = 86_400_000
            let refused: [[(String, String)]] = [
                [("ends_at", String(Int64.max))],
                [("starts_at", String(Int64.max)), ("duration_seconds", "600")],
                [("starts_at", String(now + 31 * day)), ("duration_seconds", "600")],
                [("ends_at", String(now + 31 * day))],
                [("duration_seconds", "600"), ("hard_end_at", String(Int64.max))],
                [("duration_seconds", "600"), ("hard_end_at", String(now + 32 * day))],
                [("duration_seconds", String(Int64.max))],
                [("ends_at", String(now + day)), ("duration_seconds", "600")],
                [("starts_at", "0001-01-01T00:00:00+09:00"), ("duration_seconds", "600")],
            ]
            for times in refused {
                let response = try await Self.list(
                    client, seller, fields: [("title", "Vase"), ("start_price", "10000")] + times)
                #expect(response.status == .badRequest, "\(times)")
                #expect(try S.errorName(response) == "invalid_parameter", "\(times)")
            }
            // Titles and categories hold no control characters and no direction overrides (chat's rule), and
            // a description only line breaks.
            let texts: [(String, String)] = [
                ("title", "lamp \u{202E}0001"), ("title", "lamp\u{07}bell"), ("category", "a\nb"),
                ("description", "one\u{2066}two"), ("description", "tab\u{1B}[31m"),
            ]
            for (name, value) in texts {
                var fields = [("title", "Vase"), ("start_price", "10000"), ("duration_seconds", "600")]
                fields.removeAll { $0.0 == name }
                let response = try await Self.list(client, seller, fields: fields + [(name, value)])
                #expect(try S.errorName(response) == "invalid_parameter", "\(name)=\(value)")
            }
            let lines = try await Self.list(
                client, seller,
                fields: [
                    ("title", "Vase"), ("start_price", "10000"), ("duration_seconds", "600"),
                    ("description", "First line.\r\nSecond line."),
                ])
            #expect(try S.object(lines)["description"] as? String == "First line.\nSecond line.")
            let farthest = try await Self.list(
                client, seller,
                fields: [
                    ("title", "Vase"), ("start_price", "10000"), ("starts_at", String(now + 29 * day)),
                    ("ends_at", String(now + 58 * day)), ("hard_end_at", String(now + 87 * day)),
                ])
            #expect(farthest.status == .created)
            let id = try #require(try S.object(farthest)["id"] as? Int)
            #expect(try await client.execute(uri: "/auction/v1/items/\(id)", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/auction/v1/items", method: .get).status == .ok)
        }
    }

    @Test func anItemCarriesItsOwnIncrements() async throws {
        try await S.with { harness, client in
            let seller = try await Self.user("seller", krw: 0, harness, client)
            let ann = try await Self.user("ann", krw: 1_000_000, harness, client)
            let ben = try await Self.user("ben", krw: 1_000_000, harness, client)
            let bad = try await Self.list(
                client, seller,
                fields: [
                    ("title", "Vase"), ("start_price", "100"), ("duration_seconds", "600"), ("increments", "5:1,x"),
                ])
            #expect(try S.errorName(bad) == "invalid_parameter")
            let descending = try await Self.list(
                client, seller,
                fields: [
                    ("title", "Vase"), ("start_price", "100"), ("duration_seconds", "600"),
                    ("increments", "1000:10,500:20,30"),
                ])
            #expect(try S.errorName(descending) == "invalid_parameter")
            let flat = try #require(
                try S.object(
                    try await Self.list(
                        client, seller,
                        fields: [
                            ("title", "Vase"), ("start_price", "100"), ("duration_seconds", "600"), ("increments", "1"),
                        ])
                )["id"] as? Int)
            #expect(try await Self.bid(client, ann, item: flat, max: "150").status == .ok)
            // A flat step of 1 won: 101 is enough to lead over a first bid at 100 (the standard table asks 200).
            #expect(try await Self.bid(client, ben, item: flat, max: "102").status == .ok)
            let item = try S.object(try await client.execute(uri: "/auction/v1/items/\(flat)", method: .get))
            #expect(item["price"] as? String == "103" && item["minimum_bid"] as? String == "104")
        }
    }

    @Test func buyNowAndTheClocksCloseSettleInTheLedger() async throws {
        try await S.with { harness, client in
            let seller = try await Self.user("seller", krw: 0, harness, client)
            let ann = try await Self.user("ann", krw: 1_000_000, harness, client)
            let ben = try await Self.user("ben", krw: 1_000_000, harness, client)
            let quick = try #require(
                try S.object(
                    try await Self.list(
                        client, seller,
                        fields: [
                            ("title", "Pen"), ("start_price", "100000"), ("buy_now_price", "200000"),
                            ("duration_seconds", "600"),
                        ])
                )["id"] as? Int)
            let bought = try S.object(
                try await client.execute(uri: "/auction/v1/items/\(quick)/buy", method: .post, headers: ann.headers))
            #expect(bought["type"] as? String == "bought" && bought["price"] as? String == "200000")
            #expect(Self.krw(harness, ann) == (800_000, 0))
            // 5 % fee: the seller gets 190,000.
            #expect(Self.krw(harness, seller).available == 190_000)

            // Three seconds: enough for the listing, the bid and the watch on a busy machine.
            let ends = Int64(Date().timeIntervalSince1970 * 1_000) + 3_000
            let timed = try #require(
                try S.object(
                    try await Self.list(
                        client, seller,
                        fields: [
                            ("title", "Lamp"), ("start_price", "10000"), ("ends_at", String(ends)),
                            ("soft_close_seconds", "0"),
                        ])
                )["id"] as? Int)
            #expect(try await Self.bid(client, ben, item: timed, max: "40000").status == .ok)
            #expect(
                try await client.execute(uri: "/auction/v1/items/\(timed)/watch", method: .put, headers: ann.headers)
                    .status == .ok)
            #expect(
                try S.object(try await client.execute(uri: "/auction/v1/items/\(timed)", method: .get))["watchers"]
                    as? Int == 1)
            try await Task.sleep(for: .milliseconds(max(0, ends + 200 - Int64(Date().timeIntervalSince1970 * 1_000))))
            await AuctionClock(
                exchange: harness.exchange,
                clock: { Timestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1_000)) }
            ).tick()
            let ended = try S.object(try await client.execute(uri: "/auction/v1/items/\(timed)", method: .get))
            #expect(ended["state"] as? String == "sold" && ended["price"] as? String == "10000")
            // Ben pays the price, not his maximum; the rest of his lock is released.
            #expect(Self.krw(harness, ben) == (990_000, 0))
            #expect(Self.krw(harness, seller).available == 190_000 + 9_500)
            #expect(try await Self.bid(client, ann, item: timed, max: "50000").status == .conflict)
        }
    }
}
