import BourseAuth
import BourseCore
import BourseServer
import BourseStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// Alerts (issue #19) through the real routes and sockets: set, listed, deleted, refused when malformed, and
/// fired once by real trades and a real sale, into the inbox, onto the auction socket and as `myAlert` on
/// the private exchange socket.
@Suite("Alerts", .timeLimit(.minutes(3)))
struct AlertTests {
    typealias S = SignInRoutesTests
    typealias R = AuctionRoutesTests
    typealias M = ChatModerationTests
    typealias N = NotificationTests

    static let btc = MarketCode("KRW-BTC")!

    /// A trade of 0.01 BTC at `price` whole KRW between two accounts without passwords (no inboxes of their
    /// own), on an otherwise empty book.
    static func trade(at price: Int64, _ harness: ServerHarness, seller: AccountID, buyer: AccountID) async throws {
        for (account, side) in [(seller, Side.ask), (buyer, Side.bid)] {
            _ = try await harness.exchange.submit { id in
                .place(
                    .limit(
                        id, account, btc, side, price: Price(units: price * 100_000_000),
                        volume: Volume(units: 1_000_000)))
            }
        }
    }

    /// Two funded bots to trade between.
    static func bots(_ harness: ServerHarness) async throws -> (seller: AccountID, buyer: AccountID) {
        let seller = try await harness.store.createAccount(named: "bot-seller", at: Timestamp(milliseconds: 1)).id
        let buyer = try await harness.store.createAccount(named: "bot-buyer", at: Timestamp(milliseconds: 1)).id
        _ = try await harness.submit([
            .deposit(seller, currency: "BTC", amount: Funds(units: 100_000_000)),
            .deposit(buyer, currency: "KRW", amount: Funds(units: 100_000_000 * 100_000_000)),
        ])
        return (seller, buyer)
    }

    static func create(_ client: any TestClientProtocol, _ user: R.User, _ body: String) async throws -> TestResponse {
        try await M.send(client, .post, "me/alerts", user, body)
    }

    @Test func aPriceAlertFiresOnceWhenATradeCrossesItsLine() async throws {
        try await ServerHarness.with(steps: 0, configure: { $0.signIn.passwordCost = 4 }) { harness in
            try await harness.application().test(.live) { client in
                let ann = try await R.user("ann", krw: 0, harness, client)
                let (seller, buyer) = try await Self.bots(harness)
                try await Self.trade(at: 90_000_000, harness, seller: seller, buyer: buyer)

                // The line over the price waits for a rise: the side is the one it lies on now.
                let made = try await Self.create(
                    client, ann, #"{"kind":"price","market":"KRW-BTC","price":"95000000"}"#)
                #expect(made.status == .created)
                let alert = try S.object(made)
                #expect(alert["direction"] as? String == "above" && alert["state"] as? String == "active")
                #expect(alert["text"] as? String == "at or above 95,000,000 KRW")
                #expect(alert["text_ko"] as? String == "95,000,000 KRW 이상")

                try await Self.trade(at: 94_000_000, harness, seller: seller, buyer: buyer)
                let pushed = try await AuctionStreamTests.exchange(
                    client, [#"{"id":1,"type":"auth","token":"\#(ann.token)"}"#],
                    during: { try await Self.trade(at: 96_000_000, harness, seller: seller, buyer: buyer) }
                ) { messages in messages.contains { $0["type"] as? String == "notification" } }
                let notification = try #require(pushed.first { $0["type"] as? String == "notification" })
                #expect(notification["kind"] as? String == "alert" && notification["unread"] as? Int == 1)
                #expect(
                    notification["text"] as? String
                        == "KRW-BTC rose to 96,000,000 KRW (your alert: at or above 95,000,000 KRW).")
                #expect(
                    notification["text_ko"] as? String
                        == "KRW-BTC 가격이 96,000,000 KRW로 올랐습니다 (알림: 95,000,000 KRW 이상).")

                // Once: a higher trade adds nothing; the alert is listed as fired.
                try await Self.trade(at: 97_000_000, harness, seller: seller, buyer: buyer)
                try await Task.sleep(for: .milliseconds(200))
                #expect(try await N.inbox(client, ann).entries.count == 1)
                let listed = try S.object(try await M.send(client, .get, "me/alerts", ann))
                let alerts = try #require(listed["alerts"] as? [[String: Any]])
                #expect(alerts.count == 1 && alerts.first?["state"] as? String == "fired")
                #expect(alerts.first?["ended_at"] as? Int != nil && listed["active"] as? Int == 0)
                #expect(try await harness.store.activeAlerts().isEmpty)
            }
        }
    }

    @Test func anAlertAlreadyMetFiresAtOnceAndReachesThePrivateExchangeSocket() async throws {
        try await ServerHarness.with(steps: 0, configure: { $0.signIn.passwordCost = 4 }) { harness in
            let ann = try await harness.application().test(.live) { client in
                try await R.user("ann", krw: 0, harness, client)
            }
            let (seller, buyer) = try await Self.bots(harness)
            try await Self.trade(at: 90_000_000, harness, seller: seller, buyer: buyer)
            // Ann also has an API key, for the private socket.
            let pair = APIKeyPair.generate()
            try await harness.store.saveAPIKey(
                StoredAPIKey(
                    accessKey: pair.accessKey, accountID: ann.account,
                    sealedSecret: harness.sealer.seal(Array(pair.secretKey.utf8), context: Array(pair.accessKey.utf8)),
                    scopes: "accounts", allowedIPs: nil, expiresAt: nil, createdAt: .init(milliseconds: 0),
                    revokedAt: nil))
            let key = ExchangeRoutesTests.TestKey(access: pair.accessKey, secret: pair.secretKey, account: ann.account)
            let objects = try await PrivateStreamTests().session(
                harness, authorization: ExchangeRoutesTests.token(key),
                request: #"[{"ticket":"t"},{"type":"myAlert"},{"format":"SIMPLE"}]"#,
                during: {
                    try await harness.application().test(.live) { client in
                        // 900,000 KRW traded in the last 24 hours is past 500,000 already.
                        let made = try await Self.create(
                            client, ann, #"{"kind":"value_24h","market":"KRW-BTC","amount":"500000"}"#)
                        #expect(made.status == .created)
                    }
                }
            ) { objects in objects.contains { $0["ty"] as? String == "myAlert" } }
            let pushed = try #require(objects.first { $0["ty"] as? String == "myAlert" })
            #expect(pushed["k"] as? String == "value_24h" && pushed["cd"] as? String == "KRW-BTC")
            #expect(
                pushed["tx"] as? String == "KRW-BTC traded 900,000 KRW in 24 hours (your alert: 500,000 KRW or more).")
            #expect(pushed["st"] as? String == "REALTIME" && pushed["nid"] as? Int != nil)
            let entries = try await harness.store.notifications(
                of: ann.account, unreadOnly: true, before: nil, limit: 9)
            #expect(entries.map(\.kind) == ["alert"] && entries.first?.id == (pushed["nid"] as? Int).map(UInt64.init))
        }
    }

    @Test func anItemAlertFiresInItsLastMinutesAndAnotherExpiresWithTheSale() async throws {
        try await ServerHarness.with(steps: 0, configure: { $0.signIn.passwordCost = 4 }) { harness in
            try await harness.application().test(.live) { client in
                let seller = try await R.user("seller", krw: 0, harness, client)
                let ann = try await R.user("ann", krw: 0, harness, client)
                let (item, ends) = try await N.lamp(client, seller, endingIn: 2_000)
                // At or under 20,000 with a minute left: met now, so it fires at once.
                let met = try await Self.create(
                    client, ann, #"{"kind":"item","item":\#(item),"price":"20000","minutes":1}"#)
                #expect(met.status == .created)
                // Under the start price: never met, so it expires when the sale ends.
                let unmet = try await Self.create(
                    client, ann, #"{"kind":"item","item":\#(item),"price":"5000","minutes":1}"#)
                #expect(unmet.status == .created)
                let fired = try await N.inbox(client, ann, holding: 1)
                #expect(fired.first?["kind"] as? String == "alert" && fired.first?["item"] as? Int == item)
                let text = try #require(fired.first?["text"] as? String)
                #expect(text.hasPrefix("“Lamp” is at 10,000 won with 1 minute left"), "\(text)")
                let korean = try #require(fired.first?["text_ko"] as? String)
                #expect(korean.hasPrefix("「Lamp」 현재가 10,000원, 마감 1분 전"), "\(korean)")

                try await N.endSale(at: ends, harness)  // Ends the sale.
                try await N.endSale(at: ends, harness)  // Sees it ended.
                var states: [String] = []
                for _ in 0..<100 {
                    let listed = try S.object(try await M.send(client, .get, "me/alerts", ann))
                    states = (listed["alerts"] as? [[String: Any]] ?? []).compactMap { $0["state"] as? String }
                    if !states.contains("active") { break }
                    try await Task.sleep(for: .milliseconds(20))
                }
                #expect(states.sorted() == ["expired", "fired"])
                #expect(try await N.inbox(client, ann).entries.count == 1, "an expired alert tells nobody")
                // An ended sale takes no new alert.
                let late = try await Self.create(
                    client, ann, #"{"kind":"item","item":\#(item),"price":"5000","minutes":1}"#)
                #expect(late.status == .conflict)
            }
        }
    }

    @Test func alertsAreDeletedByTheirOwnerAndMalformedOnesRefused() async throws {
        try await ServerHarness.with(steps: 0, configure: { $0.signIn.passwordCost = 4 }) { harness in
            try await harness.application().test(.live) { client in
                let ann = try await R.user("ann", krw: 0, harness, client)
                let ben = try await R.user("ben", krw: 0, harness, client)
                let made = try S.object(
                    try await Self.create(client, ann, #"{"kind":"change_rate","market":"krw-btc","percent":-2.5}"#))
                #expect(made["percent"] as? String == "-2.5" && made["market"] as? String == "KRW-BTC")
                #expect(made["text"] as? String == "-2.5% or less")
                let id = try #require(made["alert_id"] as? Int)
                #expect(try await M.send(client, .delete, "me/alerts/\(id)", ben).status == .notFound)
                #expect(try await M.send(client, .delete, "me/alerts?id=\(id)", ann).status == .ok)
                #expect(try await M.send(client, .delete, "me/alerts/\(id)", ann).status == .notFound)
                #expect(try await harness.store.activeAlerts().isEmpty)

                for body in [
                    #"{"kind":"price","market":"KRW-NOPE","price":"1"}"#,
                    #"{"kind":"price","market":"KRW-BTC","price":"-1"}"#,
                    #"{"kind":"price","market":"KRW-BTC","price":"1e8"}"#,
                    #"{"kind":"price","market":"KRW-BTC","price":"1","direction":"sideways"}"#,
                    #"{"kind":"price","market":"KRW-BTC","price":"1","percent":"5"}"#,
                    #"{"kind":"change_rate","market":"KRW-BTC","percent":"0"}"#,
                    #"{"kind":"change_rate","market":"KRW-BTC","percent":"-100"}"#,
                    #"{"kind":"value_24h","market":"KRW-BTC"}"#,
                    #"{"kind":"item","item":1,"price":"1000","minutes":5}"#,
                    #"{"kind":"weather"}"#,
                    #"{}"#,
                ] {
                    let response = try await Self.create(client, ann, body)
                    #expect(response.status == .badRequest || response.status == .notFound, "\(body)")
                    #expect((try? S.object(response)["error"]) != nil, "\(body)")
                }
                #expect(try await client.execute(uri: "/auction/v1/me/alerts", method: .get).status == .unauthorized)
                // At most 30 set a minute (the store caps each user at 50 active: the contract suite checks that).
                let far = #"{"kind":"value_24h","market":"KRW-ETH","amount":"1000000000000"}"#
                for _ in 0..<30 {
                    let response = try await Self.create(client, ben, far)
                    #expect(response.status == .created, "\(String(buffer: response.body))")
                }
                let refused = try await Self.create(client, ben, far)
                #expect(refused.status == .tooManyRequests && refused.headers[.retryAfter] != nil)
                #expect(try await Self.create(client, ann, far).status == .created, "the limit is each user's")
                // A percent of Int64.min units is refused, not a crash.
                let huge = #"{"kind":"change_rate","market":"KRW-BTC","percent":"-92233720368.54775808"}"#
                #expect(try await Self.create(client, ann, huge).status == .badRequest)
            }
        }
    }
}
