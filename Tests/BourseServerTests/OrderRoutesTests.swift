import BourseCore
import BourseSimulator
import BourseStore
import BourseUpbit
import BourseWire
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BourseServer

/// The order routes (reference §3.1, §3.4) on an empty book (no simulator steps), with two accounts so
/// that fills happen only where a test makes them.
@Suite("Exchange API orders")
struct OrderRoutesTests {
    typealias Key = ExchangeRoutesTests.TestKey
    let keys = ExchangeRoutesTests()

    /// A request signed as ccxt signs it: GET and DELETE parameters in the query, POST ones in a JSON body,
    /// and `query_hash` over `k=v&…` in the order given.
    func send(
        _ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ path: String, _ key: Key,
        _ parameters: KeyValuePairs<String, String> = [:]
    ) async throws -> (status: Int, body: Any?) {
        try await send(client, method, path, key, pairs: parameters.map { ($0.key, $0.value) })
    }

    func send(
        _ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ path: String, _ key: Key,
        pairs parameters: [(key: String, value: String)]
    ) async throws -> (status: Int, body: Any?) {
        let query = parameters.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        var headers = HTTPFields()
        headers[.authorization] = ExchangeRoutesTests.token(key, query: query.isEmpty ? nil : query)
        var uri = path
        var body: ByteBuffer?
        if method == .post {
            let members = parameters.map { "\"\($0.key)\":\"\($0.value)\"" }.joined(separator: ",")
            body = ByteBuffer(string: "{\(members)}")
            headers[.contentType] = "application/json"
        } else if !query.isEmpty {
            uri += "?" + query
        }
        let response = try await client.execute(uri: uri, method: method, headers: headers, body: body)
        return (Int(response.status.code), try? json(response.body))
    }

    func account(_ harness: ServerHarness, krw: Int64 = 0, btc: Int64 = 0) async throws -> Key {
        let key = try await keys.makeKey(harness, scopes: "accounts,orders:read,orders:write")
        _ = try await harness.submit([
            .deposit(key.account, currency: "KRW", amount: Funds(units: krw * 100_000_000)),
            .deposit(key.account, currency: "BTC", amount: Funds(units: btc * 100_000_000)),
        ])
        return key
    }

    func balance(_ harness: ServerHarness, _ key: Key, _ currency: String) -> Balance {
        harness.exchange.withState { $0.exchange.ledger.balance(of: key.account, currency) }
    }

    @Test func aLimitBuyRestsIsListedAndCancelled() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let buyer = try await account(harness, krw: 1_000_000)
            try await Application(router: harness.router).test(.router) { client in
                let placed = try await send(
                    client, .post, "/v1/orders", buyer,
                    [
                        "market": "KRW-BTC", "side": "bid", "ord_type": "limit", "price": "50000000", "volume": "0.001",
                        "identifier": "rest-1",
                    ])
                #expect(placed.status == 201)
                let order = try #require(placed.body as? [String: Any])
                let uuid = try #require(order["uuid"] as? String)
                #expect(UUID(uuidString: uuid) != nil)
                #expect(order["state"] as? String == "wait" && order["locked"] as? String == "50025")
                #expect(order["reserved_fee"] as? String == "25" && order["remaining_volume"] as? String == "0.001")
                #expect(order["identifier"] as? String == "rest-1" && order["executed_funds"] == nil)
                #expect((order["created_at"] as? String)?.hasSuffix("+09:00") == true)
                #expect(balance(harness, buyer, "KRW").locked == Funds(units: 5_002_500_000_000))

                let fetched = try await send(client, .get, "/v1/order", buyer, ["uuid": uuid])
                #expect(fetched.status == 200)
                #expect(((fetched.body as? [String: Any])?["trades"] as? [Any])?.isEmpty == true)
                let open = try await send(client, .get, "/v1/orders/open", buyer, ["market": "KRW-BTC"])
                #expect((open.body as? [[String: Any]])?.map { $0["uuid"] as? String } == [uuid])
                #expect((open.body as? [[String: Any]])?.first?["executed_funds"] as? String == "0")

                let cancelled = try await send(client, .delete, "/v1/order", buyer, ["identifier": "rest-1"])
                #expect(cancelled.status == 200)
                #expect(
                    (cancelled.body as? [String: Any])?["state"] as? String == "wait", "as it was, as Upbit answers")
                let after = try await send(client, .get, "/v1/order", buyer, ["uuid": uuid])
                #expect((after.body as? [String: Any])?["state"] as? String == "cancel")
                #expect((after.body as? [String: Any])?["locked"] as? String == "0")
                let closed = try await send(client, .get, "/v1/orders/closed", buyer, ["state": "cancel"])
                #expect((closed.body as? [[String: Any]])?.map { $0["uuid"] as? String } == [uuid])
                #expect(balance(harness, buyer, "KRW").locked == .zero)
                let again = try await send(client, .delete, "/v1/order", buyer, ["uuid": uuid])
                #expect(again.status == 404)
            }
        }
    }

    /// Regression: the demo's simulator used to number its orders from a counter of its own, so a person's
    /// order placed between two steps shared an id with a later quote and became unreachable (cancel 404,
    /// a growing `trades` list, its funds locked for good).
    @Test func anOrderPlacedWhileTheDemoTradesStaysReachableAndCancellable() async throws {
        try await ServerHarness.with(steps: 3) { harness in
            let buyer = try await account(harness, krw: 1_000_000)
            try await Application(router: harness.router).test(.router) { client in
                var simulator = harness.simulator(seed: 21)
                var uuids: [String] = []
                for round in 0..<3 {
                    let placed = try await send(
                        client, .post, "/v1/orders", buyer,
                        [
                            "market": "KRW-BTC", "side": "bid", "ord_type": "limit", "price": "50000000",
                            "volume": "0.001", "identifier": "demo-\(round)",
                        ])
                    #expect(placed.status == 201)
                    uuids.append(try #require((placed.body as? [String: Any])?["uuid"] as? String))
                    for _ in 0..<5 { try await harness.step(&simulator) }
                }
                for uuid in uuids {
                    let fetched = try await send(client, .get, "/v1/order", buyer, ["uuid": uuid])
                    let order = try #require(fetched.body as? [String: Any])
                    #expect(order["state"] as? String == "wait" && order["executed_volume"] as? String == "0")
                    #expect((order["trades"] as? [Any])?.isEmpty == true, "nobody traded at 50,000,000")
                    let cancelled = try await send(client, .delete, "/v1/order", buyer, ["uuid": uuid])
                    #expect(cancelled.status == 200, "\(String(describing: cancelled.body))")
                }
                #expect(balance(harness, buyer, "KRW").locked == .zero)
                #expect(balance(harness, buyer, "KRW").balance == Funds(units: 1_000_000 * 100_000_000))
                #expect(harness.exchange.withState { $0.exchange.auditViolations() }.isEmpty)
            }
        }
    }

    /// Regression: SQLite cut identifiers at a NUL, so `DELETE ?identifier=X%00two` cancelled `X\0one`.
    @Test func identifiersWithControlCharactersAreRefusedAndFindNothing() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let buyer = try await account(harness, krw: 1_000_000)
            try await Application(router: harness.router).test(.router) { client in
                let placed = try await send(
                    client, .post, "/v1/orders", buyer,
                    [
                        "market": "KRW-BTC", "side": "bid", "ord_type": "limit", "price": "50000000",
                        "volume": "0.001", "identifier": "X",
                    ])
                #expect(placed.status == 201)
                for query in ["X%00two", "X%00", "X%0A"] {
                    let deleted = try await send(client, .delete, "/v1/order", buyer, ["identifier": query])
                    #expect(deleted.status == 404, "\(query): \(String(describing: deleted.body))")
                }
                let kept = try await send(client, .get, "/v1/order", buyer, ["identifier": "X"])
                #expect((kept.body as? [String: Any])?["state"] as? String == "wait")
            }
        }
    }

    @Test func aMarketBuyFillsAgainstAnotherAccountsAskAndBothRecordsAgree() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let seller = try await account(harness, btc: 1)
            let buyer = try await account(harness, krw: 1_000_000)
            try await Application(router: harness.router).test(.router) { client in
                let ask = try await send(
                    client, .post, "/v1/orders", seller,
                    ["market": "KRW-BTC", "side": "ask", "ord_type": "limit", "price": "60000000", "volume": "0.01"])
                let askUUID = try #require((ask.body as? [String: Any])?["uuid"] as? String)
                let bought = try await send(
                    client, .post, "/v1/orders", buyer,
                    ["market": "KRW-BTC", "side": "bid", "ord_type": "price", "price": "120000"])
                #expect(bought.status == 201)
                let bid = try #require(bought.body as? [String: Any])
                #expect(bid["volume"] == nil && bid["price"] as? String == "120000")
                #expect(bid["executed_volume"] as? String == "0.002" && bid["paid_fee"] as? String == "60")
                #expect(bid["trades_count"] as? Int == 1)

                let fetched = try await send(client, .get, "/v1/order", buyer, ["uuid": bid["uuid"] as! String])
                let trades = try #require((fetched.body as? [String: Any])?["trades"] as? [[String: Any]])
                #expect(trades.count == 1)
                #expect(
                    trades.first?["price"] as? String == "60000000" && trades.first?["funds"] as? String == "120000")
                #expect(trades.first?["side"] as? String == "bid" && trades.first?["trend"] as? String == "up")
                let maker = try await send(client, .get, "/v1/order", seller, ["uuid": askUUID])
                let makerOrder = try #require(maker.body as? [String: Any])
                #expect(
                    makerOrder["state"] as? String == "wait" && makerOrder["remaining_volume"] as? String == "0.008")
                #expect(makerOrder["paid_fee"] as? String == "60")

                #expect(balance(harness, buyer, "BTC").balance == Funds(units: 200_000))
                #expect(balance(harness, buyer, "KRW").balance == Funds(units: (1_000_000 - 120_060) * 100_000_000))
                #expect(balance(harness, seller, "KRW").balance == Funds(units: (120_000 - 60) * 100_000_000))

                let listed = try await send(client, .get, "/v1/orders/uuids", seller, ["uuids[]": askUUID])
                #expect((listed.body as? [[String: Any]])?.first?["executed_funds"] as? String == "120000")
                let legacy = try await send(client, .get, "/v1/orders", seller, ["market": "KRW-BTC"])
                #expect((legacy.body as? [[String: Any]])?.count == 1)
            }
        }
    }

    @Test func nobodyReadsOrCancelsAnotherAccountsOrder() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let owner = try await account(harness, krw: 100_000)
            let other = try await account(harness, krw: 100_000)
            try await Application(router: harness.router).test(.router) { client in
                let placed = try await send(
                    client, .post, "/v1/orders", owner,
                    [
                        "market": "KRW-BTC", "side": "bid", "ord_type": "limit", "price": "10000000", "volume": "0.001",
                        "identifier": "mine",
                    ])
                let uuid = try #require((placed.body as? [String: Any])?["uuid"] as? String)
                for (method, name, value) in [
                    (HTTPRequest.Method.get, "uuid", uuid), (.delete, "uuid", uuid), (.get, "identifier", "mine"),
                ] {
                    let response = try await send(client, method, "/v1/order", other, pairs: [(name, value)])
                    #expect(response.status == 404)
                    #expect(
                        ((response.body as? [String: Any])?["error"] as? [String: Any])?["name"] as? String
                            == "order_not_found")
                }
                let listed = try await send(client, .get, "/v1/orders/uuids", other, ["uuids[]": uuid])
                #expect((listed.body as? [Any])?.isEmpty == true)
                let cancelAll = try await send(client, .delete, "/v1/orders/open", other)
                #expect(((cancelAll.body as? [String: Any])?["success"] as? [String: Any])?["count"] as? Int == 0)
                let mine = try await send(client, .get, "/v1/order", owner, ["uuid": uuid])
                #expect((mine.body as? [String: Any])?["state"] as? String == "wait")
            }
        }
    }

    @Test(
        arguments: [
            (["market": "KRW-BTC", "ord_type": "limit", "price": "50000000", "volume": "1"], 400, "validation_error"),
            (
                ["market": "KRW-BTC", "side": "bid", "ord_type": "limit", "price": "5e99", "volume": "1"], 400,
                "validation_error"
            ),
            (
                ["market": "KRW-BTC", "side": "bid", "ord_type": "limit", "price": "50000000", "volume": "1"], 400,
                "insufficient_funds_bid"
            ),
            (
                ["market": "KRW-BTC", "side": "bid", "ord_type": "limit", "price": "50000001", "volume": "0.001"], 400,
                "invalid_price_bid"
            ),
            (
                ["market": "KRW-BTC", "side": "bid", "ord_type": "limit", "price": "1000000", "volume": "0.001"], 400,
                "under_min_total_bid"
            ),
            (
                ["market": "KRW-BTC", "side": "bid", "ord_type": "price", "price": "10000", "volume": "1"], 400,
                "create_bid_error"
            ),
            (["market": "KRW-NOPE", "side": "ask", "ord_type": "market", "volume": "1"], 400, "market_does_not_exist"),
        ] as [([String: String], Int, String)])
    func badOrdersGetUpbitsErrors(parameters: [String: String], status: Int, name: String) async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let key = try await account(harness, krw: 100_000)
            try await Application(router: harness.router).test(.router) { client in
                // A stable key order, so the query hash and the body agree.
                let ordered = ["market", "side", "ord_type", "price", "volume"].compactMap { name in
                    parameters[name].map { (key: name, value: $0) }
                }
                let response = try await send(client, .post, "/v1/orders", key, pairs: ordered)
                #expect(response.status == status)
                #expect(((response.body as? [String: Any])?["error"] as? [String: Any])?["name"] as? String == name)
                #expect(balance(harness, key, "KRW").locked == .zero)
            }
        }
    }

    /// pyupbit sends `str(volume)`, and Python writes 0.0002 as `2e-04`: Upbit takes it, so Bourse does too
    /// (a probe found such orders refused). Exponents stay bounded: `1e41` is refused.
    @Test func aVolumeInPythonsExponentFormIsTakenExactly() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let buyer = try await account(harness, krw: 1_000_000)
            try await Application(router: harness.router).test(.router) { client in
                let placed = try await send(
                    client, .post, "/v1/orders", buyer,
                    ["market": "KRW-BTC", "side": "bid", "ord_type": "limit", "price": "5E+7", "volume": "2e-04"])
                #expect(placed.status == 201)
                let order = try #require(placed.body as? [String: Any])
                #expect(order["price"] as? String == "50000000" && order["volume"] as? String == "0.0002")
                let huge = try await send(
                    client, .post, "/v1/orders", buyer,
                    ["market": "KRW-BTC", "side": "bid", "ord_type": "limit", "price": "50000000", "volume": "1e41"])
                #expect(huge.status == 400)
            }
        }
        #expect(OrderForm.positional("5e-05") == "0.00005" && OrderForm.positional("1.5E+3") == "1500")
        #expect(OrderForm.positional("-2.50e1") == "-25.0" && OrderForm.positional(".5e1") == "5")
        #expect(OrderForm.positional("1e") == nil && OrderForm.positional("e5") == nil)
        #expect(OrderForm.positional("1e5e5") == nil && OrderForm.positional("1x5e2") == nil)
        #expect(OrderForm.positional("12") == nil, "no exponent: parsed as it is")
    }

    @Test func aKeyWithoutOrderScopeCannotPlace() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let key = try await keys.makeKey(harness, scopes: "accounts,orders:read")
            try await Application(router: harness.router).test(.router) { client in
                let response = try await send(
                    client, .post, "/v1/orders", key,
                    ["market": "KRW-BTC", "side": "bid", "ord_type": "price", "price": "10000"])
                #expect(response.status == 401)
                #expect(
                    ((response.body as? [String: Any])?["error"] as? [String: Any])?["name"] as? String
                        == "out_of_scope")
            }
        }
    }

    @Test func aTestOrderIsCheckedButNeitherPlacedNorFindable() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let key = try await account(harness, krw: 100_000)
            try await Application(router: harness.router).test(.router) { client in
                let tested = try await send(
                    client, .post, "/v1/orders/test", key,
                    ["market": "KRW-BTC", "side": "bid", "ord_type": "limit", "price": "50000000", "volume": "0.001"])
                #expect(tested.status == 201)
                let uuid = try #require((tested.body as? [String: Any])?["uuid"] as? String)
                #expect(balance(harness, key, "KRW").locked == .zero)
                #expect(try await send(client, .get, "/v1/order", key, ["uuid": uuid]).status == 404)
                let poor = try await send(
                    client, .post, "/v1/orders/test", key,
                    ["market": "KRW-BTC", "side": "bid", "ord_type": "limit", "price": "50000000", "volume": "1"])
                #expect(
                    ((poor.body as? [String: Any])?["error"] as? [String: Any])?["name"] as? String
                        == "insufficient_funds_bid")
            }
        }
    }

    @Test func cancelAndNewReplacesTheOrderAndCancelManyReportsEachOrder() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let key = try await account(harness, krw: 1_000_000)
            try await Application(router: harness.router).test(.router) { client in
                var uuids: [String] = []
                for price in ["10000000", "11000000", "12000000"] {
                    let placed = try await send(
                        client, .post, "/v1/orders", key,
                        ["market": "KRW-BTC", "side": "bid", "ord_type": "limit", "price": price, "volume": "0.001"])
                    uuids.append(try #require((placed.body as? [String: Any])?["uuid"] as? String))
                }
                let replaced = try await send(
                    client, .post, "/v1/orders/cancel_and_new", key,
                    [
                        "prev_order_uuid": uuids[0], "new_ord_type": "limit", "new_price": "13000000",
                        "new_volume": "remain_only", "new_identifier": "moved",
                    ])
                #expect(replaced.status == 201)
                let newUUID = try #require((replaced.body as? [String: Any])?["new_order_uuid"] as? String)
                #expect((replaced.body as? [String: Any])?["new_order_identifier"] as? String == "moved")
                let moved = try await send(client, .get, "/v1/order", key, ["uuid": newUUID])
                #expect((moved.body as? [String: Any])?["price"] as? String == "13000000")
                #expect((moved.body as? [String: Any])?["volume"] as? String == "0.001")
                let old = try await send(client, .get, "/v1/order", key, ["uuid": uuids[0]])
                #expect((old.body as? [String: Any])?["state"] as? String == "cancel")

                let unknown = OrderUUID.string(OrderID(999_999))
                let some = try await send(
                    client, .delete, "/v1/orders/uuids", key, ["uuids[]": uuids[1], "uuids[]": unknown])
                let result = try #require(some.body as? [String: Any])
                #expect((result["success"] as? [String: Any])?["count"] as? Int == 1)
                let failed = try #require((result["failed"] as? [String: Any])?["orders"] as? [[String: Any]])
                #expect(failed.map { $0["uuid"] as? String } == [unknown])

                let rest = try await send(client, .delete, "/v1/orders/open", key, ["pairs": "KRW-BTC"])
                #expect(((rest.body as? [String: Any])?["success"] as? [String: Any])?["count"] as? Int == 2)
                #expect(balance(harness, key, "KRW").locked == .zero)
            }
        }
    }

    @Test func closedOrdersRefuseAWindowOverSevenDays() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let key = try await account(harness)
            try await Application(router: harness.router).test(.router) { client in
                let response = try await send(
                    client, .get, "/v1/orders/closed", key, ["start_time": "0", "end_time": "604800001"])
                #expect(response.status == 400)
                let fine = try await send(
                    client, .get, "/v1/orders/closed", key,
                    ["start_time": "2026-01-01T00:00:00+09:00", "end_time": "2026-01-07T00:00:00+09:00"])
                #expect(fine.status == 200)
            }
        }
    }

    /// A probe sent start_time=Int64.max: adding the 7-day window overflowed and the server stopped. Times
    /// outside 1970–9999 are refused, alone or together, and the server answers afterwards.
    @Test func closedOrdersRefuseTimesAtTheEndsOfInt64() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let key = try await account(harness)
            try await Application(router: harness.router).test(.router) { client in
                let (low, high) = (String(Int64.min), String(Int64.max))
                let windows: [[(key: String, value: String)]] = [
                    [("start_time", high)], [("end_time", low)], [("start_time", low), ("end_time", high)],
                    [("start_time", "-1")], [("end_time", "253402300800000")],
                ]
                for window in windows {
                    let response = try await send(client, .get, "/v1/orders/closed", key, pairs: window)
                    #expect(response.status == 400, "\(window)")
                    let name = ((response.body as? [String: Any])?["error"] as? [String: Any])?["name"] as? String
                    #expect(name == "validation_error", "\(window)")
                }
                let last = try await send(client, .get, "/v1/orders/closed", key, ["start_time": "253402300799999"])
                #expect(last.status == 200)
            }
        }
    }
}
