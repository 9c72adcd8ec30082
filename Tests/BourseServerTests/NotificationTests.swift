import BourseCore
import BourseServer
import BourseStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// Inboxes (issue #19) through the real routes and socket: what a seller and two buyers are told while they
/// look elsewhere, pushed live, listed, counted and marked read.
@Suite("Notifications", .timeLimit(.minutes(3)))
struct NotificationTests {
    typealias S = SignInRoutesTests
    typealias R = AuctionRoutesTests
    typealias A = AuctionStreamTests
    typealias C = ChatTests
    typealias M = ChatModerationTests

    /// `user`'s inbox (`query` such as `?unread=true`).
    static func inbox(
        _ client: any TestClientProtocol, _ user: R.User, _ query: String = ""
    ) async throws -> (entries: [[String: Any]], unread: Int) {
        let response = try await M.send(client, .get, "me/notifications\(query)", user)
        #expect(response.status == .ok)
        let object = try S.object(response)
        return (try #require(object["notifications"] as? [[String: Any]]), try #require(object["unread"] as? Int))
    }

    /// `user`'s inbox once it holds `count` entries (they are stored just after the change they follow).
    static func inbox(
        _ client: any TestClientProtocol, _ user: R.User, holding count: Int
    ) async throws -> [[String: Any]] {
        for _ in 0..<200 {
            let (entries, _) = try await inbox(client, user)
            if entries.count >= count { return entries }
            try await Task.sleep(for: .milliseconds(20))
        }
        let (entries, _) = try await inbox(client, user)
        Issue.record("\(user.name)'s inbox holds \(entries.count), not \(count): \(entries)")
        return entries
    }

    /// "Lamp" listed by `seller` at 10,000 won, ending `milliseconds` from now with no soft close: its id and
    /// end (epoch milliseconds).
    static func lamp(
        _ client: any TestClientProtocol, _ seller: R.User, endingIn milliseconds: Int64
    ) async throws -> (item: Int, ends: Int64) {
        let ends = Int64(Date().timeIntervalSince1970 * 1_000) + milliseconds
        let listed = try await R.list(
            client, seller,
            fields: [
                ("title", "Lamp"), ("start_price", "10000"), ("ends_at", String(ends)), ("soft_close_seconds", "0"),
            ])
        return (try #require(try S.object(listed)["id"] as? Int), ends)
    }

    /// Waits past `ends`, then has the auction clock (with the feed) look once: the sale closes.
    static func endSale(at ends: Int64, _ harness: ServerHarness) async throws {
        try await Task.sleep(for: .milliseconds(max(0, ends + 200 - Int64(Date().timeIntervalSince1970 * 1_000))))
        await AuctionClock(
            exchange: harness.exchange, clock: { Timestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1_000)) },
            feed: harness.auctions
        ).tick()
    }

    @Test func anOutbidBidderIsToldLiveAndKeepsItUntilRead() async throws {
        try await C.withThree { client, seller, ann, ben, item in
            #expect(try await R.bid(client, ann, item: item, max: "5000").status == .ok)
            let seen = try await A.exchange(
                client, [#"{"id":1,"type":"auth","token":"\#(ann.token)"}"#],
                during: {
                    let status = try await R.bid(client, ben, item: item, max: "8000").status
                    #expect(status == .ok)
                }
            ) { messages in messages.contains { $0["type"] as? String == "notification" } }
            let pushed = try #require(seen.first { $0["type"] as? String == "notification" })
            #expect(pushed["kind"] as? String == "outbid" && pushed["item"] as? Int == item)
            #expect(pushed["unread"] as? Int == 1 && pushed["read"] as? Bool == false)
            let text = try #require(pushed["text"] as? String)
            #expect(text.contains("“Kite”") && text.contains("5,000 won"), "\(text)")
            // The same sentence in Korean, for a client in Korean.
            let korean = try #require(pushed["text_ko"] as? String)
            #expect(korean.contains("「Kite」") && korean.contains("5,000원") && korean.contains("입찰"), "\(korean)")

            let (entries, unread) = try await Self.inbox(client, ann, "?unread=true")
            #expect(
                entries.count == 1 && unread == 1
                    && entries.first?["notification_id"] as? Int == pushed["notification_id"] as? Int)
            #expect(try await Self.inbox(client, ben).entries.isEmpty, "the leader was not outbid")
            #expect(try await Self.inbox(client, seller).entries.isEmpty)

            // Marked read from one device, every socket of hers hears the new count.
            let read = try await A.exchange(
                client, [#"{"id":1,"type":"auth","token":"\#(ann.token)"}"#],
                during: {
                    let marked = try S.object(try await M.send(client, .post, "me/notifications/read", ann, "{}"))
                    #expect(marked["unread"] as? Int == 0)
                }
            ) { messages in messages.contains { $0["type"] as? String == "notifications.read" } }
            #expect(read.first { $0["type"] as? String == "notifications.read" }?["unread"] as? Int == 0)
            #expect(try await Self.inbox(client, ann, "?unread=true").entries.isEmpty)
            let kept = try await Self.inbox(client, ann)
            #expect(kept.entries.count == 1 && kept.entries.first?["read"] as? Bool == true && kept.unread == 0)

            // Bad requests get the API's error.
            #expect(try await M.send(client, .get, "me/notifications?unread=maybe", ann).status == .badRequest)
            #expect(try await M.send(client, .get, "me/notifications?limit=500", ann).status == .badRequest)
            #expect(
                try await M.send(client, .post, "me/notifications/read", ann, #"{"ids":["x"]}"#).status == .badRequest)
            #expect(
                try await client.execute(uri: "/auction/v1/me/notifications", method: .get).status == .unauthorized)
        }
    }

    @Test func chatReachesTheInboxesOfThoseNotInTheRoom() async throws {
        try await C.withThree { client, seller, ann, ben, item in
            let room = "item:\(item)"
            // Ben asks in the public thread: the seller, not in the room, is told.
            #expect(try await C.post(client, room, ben, "Is the string included?").status == .created)
            let asked = try await Self.inbox(client, seller, holding: 1)
            #expect(asked.first?["kind"] as? String == "chat" && asked.first?["room"] as? String == room)
            #expect(asked.first?["text"] as? String == "ben asked about “Kite” in its questions.")
            #expect(asked.first?["text_ko"] as? String == "ben님이 「Kite」에 대해 문의했습니다.")

            // The seller answers: Ben, who asked, is told; Ann, who did not, is not.
            #expect(try await C.post(client, room, seller, "Yes, 50 m of it.").status == .created)
            let answered = try await Self.inbox(client, ben, holding: 1)
            #expect(answered.first?["text"] as? String == "The seller answered you about “Kite” in its questions.")
            #expect(answered.first?["text_ko"] as? String == "판매자가 「Kite」 문의에 답했습니다.")

            // Ann bids, then writes to the seller privately: the seller is told, with the room to open.
            #expect(try await R.bid(client, ann, item: item, max: "2000").status == .ok)
            #expect(try await C.post(client, "dm:\(item):ann", ann, "Could you ship it?").status == .created)
            let inbox = try await Self.inbox(client, seller, holding: 2)
            #expect(inbox.first?["room"] as? String == "dm:\(item):ann")
            #expect(inbox.first?["text"] as? String == "ann wrote to you about “Kite” privately.")

            // Someone in the room is not told: the seller joins the thread, and Ben's next question only arrives there.
            let seen = try await A.exchange(
                client,
                [
                    #"{"id":1,"type":"auth","token":"\#(seller.token)"}"#,
                    #"{"id":2,"type":"chat.join","room":"\#(room)"}"#,
                ],
                during: { _ = try await C.post(client, room, ben, "And the reel?") }
            ) { messages in messages.contains { $0["type"] as? String == "chat.message" } }
            #expect(!seen.contains { $0["type"] as? String == "notification" })
            #expect(try await C.post(client, room, ben, "Thanks!").status == .created)
            // The later message (the seller out of the room again) is the third entry; "And the reel?" made none.
            _ = try await Self.inbox(client, seller, holding: 3)
            try await Task.sleep(for: .milliseconds(300))
            #expect(try await Self.inbox(client, seller).entries.count == 3)
            #expect(try await Self.inbox(client, ann).entries.isEmpty)
        }
    }

    @Test func theEndOfASaleTellsTheWinnerTheSellerAndTheOthers() async throws {
        try await ServerHarness.with(steps: 0, configure: { $0.signIn.passwordCost = 4 }) { harness in
            try await harness.application().test(.live) { client in
                let seller = try await R.user("seller", krw: 0, harness, client)
                let ann = try await R.user("ann", krw: 100_000, harness, client)
                let ben = try await R.user("ben", krw: 100_000, harness, client)
                let (item, ends) = try await Self.lamp(client, seller, endingIn: 3_000)
                #expect(try await R.bid(client, ben, item: item, max: "20000").status == .ok)
                #expect(try await R.bid(client, ann, item: item, max: "40000").status == .ok)
                try await Self.endSale(at: ends, harness)
                let price = try #require(
                    try S.object(try await client.execute(uri: "/auction/v1/items/\(item)", method: .get))["price"]
                        as? String)
                let won = try await Self.inbox(client, ann, holding: 1)
                #expect(won.first?["kind"] as? String == "won")
                let text = try #require(won.first?["text"] as? String)
                #expect(text.hasPrefix("You won “Lamp” for ") && text.filter(\.isNumber) == price, "\(text), \(price)")
                let sold = try await Self.inbox(client, seller, holding: 1)
                #expect(sold.first?["kind"] as? String == "sold" && sold.first?["item"] as? Int == item)
                // Ben was outbid, then lost.
                let lost = try await Self.inbox(client, ben, holding: 2)
                #expect(lost.map { $0["kind"] as? String } == ["lost", "outbid"])
                #expect((lost.first?["text"] as? String)?.hasPrefix("“Lamp” sold to another bidder for ") == true)
            }
        }
    }

    @Test func aFilledExchangeOrderReachesItsUsersInboxButNotAnAccountWithoutOneUntilItSignsIn() async throws {
        try await ServerHarness.with(steps: 0, configure: { $0.signIn.passwordCost = 4 }) { harness in
            try await harness.application().test(.live) { client in
                // Ann (a user) buys from an account with no password (a bot): only Ann has an inbox.
                let ann = try await R.user("ann", krw: 2_000_000, harness, client)
                let bot = try await harness.store.createAccount(named: "bot", at: Timestamp(milliseconds: 1)).id
                _ = try await harness.submit([.deposit(bot, currency: "BTC", amount: Funds(units: 100_000_000))])
                _ = try await harness.exchange.submit { id in
                    .place(
                        .limit(
                            id, bot, MarketCode("KRW-BTC")!, .ask, price: Price(units: 50_000_000 * 100_000_000),
                            volume: Volume(units: 1_000_000)))
                }
                _ = try await harness.exchange.submit { id in
                    .place(
                        .limit(
                            id, ann.account, MarketCode("KRW-BTC")!, .bid,
                            price: Price(units: 50_000_000 * 100_000_000), volume: Volume(units: 1_000_000)))
                }
                let filled = try await Self.inbox(client, ann, holding: 1)
                #expect(filled.map { $0["kind"] as? String } == ["fill"])
                #expect(filled.first?["text"] as? String == "Your order on KRW-BTC was filled.")
                #expect(filled.first?["item"] is NSNull && filled.first?["room"] is NSNull)
                #expect(
                    try await harness.store.notifications(of: bot, unreadOnly: false, before: nil, limit: 10).isEmpty)

                // The bot's owner gives it a password from the CLI (another process: the server is not told)
                // and signs in: its fills reach its inbox from then on, though it was found without one
                // just now.
                let hash = try await PasswordHashing.hash("password of bot", cost: 4)
                #expect(try await harness.store.setPasswordHash(hash, of: bot))
                let credentials = #"{"username":"bot","password":"password of bot"}"#
                #expect(try await S.post(client, "/auction/v1/sessions", credentials).status == .created)
                for side in [Side.ask, .bid] {
                    let account = side == .ask ? bot : ann.account
                    _ = try await harness.exchange.submit { id in
                        .place(
                            .limit(
                                id, account, MarketCode("KRW-BTC")!, side,
                                price: Price(units: 50_000_000 * 100_000_000), volume: Volume(units: 1_000_000)))
                    }
                }
                _ = try await Self.inbox(client, ann, holding: 2)
                var stored: [StoredNotification] = []
                for _ in 0..<200 where stored.isEmpty {
                    stored = try await harness.store.notifications(of: bot, unreadOnly: false, before: nil, limit: 10)
                    try await Task.sleep(for: .milliseconds(20))
                }
                #expect(stored.map(\.text) == ["Your order on KRW-BTC was filled."])
            }
        }
    }
}
