import BourseAuth
import BourseCore
import BourseServer
import BourseStore
import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// The authenticated exchange routes: Upbit's JWT checks (reference §4) in front of `/v1/accounts` and
/// `/v1/api_keys`, with keys stored sealed as the CLI stores them.
@Suite("Exchange API authentication")
struct ExchangeRoutesTests {
    /// A key made for a fresh account, stored sealed in the harness's store.
    struct TestKey {
        var access: String
        var secret: String
        var account: AccountID
    }

    func makeKey(
        _ harness: ServerHarness, scopes: String = "accounts,orders:read", revoked: Bool = false
    ) async throws -> TestKey {
        let name = "user-\(UUID().uuidString.prefix(8))"
        let account = try await harness.store.createAccount(named: name, at: .init(milliseconds: 0))
        let pair = APIKeyPair.generate()
        try await harness.store.saveAPIKey(
            StoredAPIKey(
                accessKey: pair.accessKey, accountID: account.id,
                sealedSecret: harness.sealer.seal(Array(pair.secretKey.utf8), context: Array(pair.accessKey.utf8)),
                scopes: scopes, allowedIPs: nil, expiresAt: nil, createdAt: .init(milliseconds: 0),
                revokedAt: revoked ? .init(milliseconds: 1) : nil))
        return TestKey(access: pair.accessKey, secret: pair.secretKey, account: account.id)
    }

    /// `Bearer <JWT>` signed as ccxt signs it (HS256 unless told otherwise), without a query hash.
    static func token(
        _ key: TestKey, nonce: String = UUID().uuidString, algorithm: String = "HS256", query: String? = nil
    ) -> String {
        func base64URL(_ data: some DataProtocol) -> String {
            Data(data).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        let header = base64URL(Data(#"{"alg":"\#(algorithm)","typ":"JWT"}"#.utf8))
        var claims = #"{"access_key":"\#(key.access)","nonce":"\#(nonce)""#
        if let query {
            let hash = SHA512.hash(data: Data(query.utf8)).map { String(format: "%02x", $0) }.joined()
            claims += #","query_hash":"\#(hash)","query_hash_alg":"SHA512""#
        }
        let payload = base64URL(Data((claims + "}").utf8))
        let input = Data("\(header).\(payload)".utf8)
        let secret = SymmetricKey(data: Data(key.secret.utf8))
        let signature: Data =
            switch algorithm {
            case "HS512": Data(HMAC<SHA512>.authenticationCode(for: input, using: secret))
            default: Data(HMAC<SHA256>.authenticationCode(for: input, using: secret))
            }
        return "Bearer \(header).\(payload).\(base64URL(signature))"
    }

    func get(_ client: any TestClientProtocol, _ uri: String, authorization: String?) async throws -> TestResponse {
        var headers = HTTPFields()
        if let authorization { headers[.authorization] = authorization }
        return try await client.execute(uri: uri, method: .get, headers: headers)
    }

    func errorName(_ response: TestResponse) throws -> String? {
        ((try json(response.body) as? [String: Any])?["error"] as? [String: Any])?["name"] as? String
    }

    @Test func accountsShowTheLedgerOfTheKeysAccount() async throws {
        try await ServerHarness.with { harness in
            let key = try await makeKey(harness)
            _ = try await harness.submit([
                .deposit(key.account, currency: "KRW", amount: Funds(units: 1_234_500_000_000)),
                .deposit(key.account, currency: "BTC", amount: Funds(units: 5_000_000)),
            ])
            try await Application(router: harness.router).test(.router) { client in
                for algorithm in ["HS256", "HS512"] {
                    let token = Self.token(key, algorithm: algorithm)
                    let response = try await get(client, "/v1/accounts", authorization: token)
                    #expect(response.status == .ok)
                    let rows = try #require(try json(response.body) as? [[String: Any]])
                    let krw = try #require(rows.first { $0["currency"] as? String == "KRW" })
                    #expect(krw["balance"] as? String == "12345" && krw["locked"] as? String == "0")
                    #expect(krw["unit_currency"] as? String == "KRW" && krw["avg_buy_price_modified"] as? Bool == false)
                    let btc = try #require(rows.first { $0["currency"] as? String == "BTC" })
                    #expect(btc["balance"] as? String == "0.05")
                    #expect(response.headers[HTTPField.Name("Remaining-Req")!]?.hasPrefix("group=default;") == true)
                }
            }
        }
    }

    @Test func everyAuthenticationFailureIsUpbitsError() async throws {
        try await ServerHarness.with { harness in
            let key = try await makeKey(harness)
            let ordersOnly = try await makeKey(harness, scopes: "orders:read")
            let revoked = try await makeKey(harness, revoked: true)
            let wrongSecret = TestKey(access: key.access, secret: "not-the-secret", account: key.account)
            let unknown = TestKey(access: "unknown-access-key", secret: key.secret, account: key.account)
            try await Application(router: harness.router).test(.router) { client in
                let cases: [(String?, Int, String)] = [
                    (nil, 401, "no_authorization_token"),
                    ("Bearer not.a.jwt", 401, "jwt_verification"),
                    (Self.token(wrongSecret), 401, "jwt_verification"),
                    (Self.token(unknown), 401, "invalid_access_key"),
                    (Self.token(revoked), 401, "invalid_access_key"),
                    (Self.token(ordersOnly), 401, "out_of_scope"),
                ]
                for (authorization, status, name) in cases {
                    let response = try await get(client, "/v1/accounts", authorization: authorization)
                    #expect(response.status.code == status, "\(name)")
                    #expect(try errorName(response) == name)
                }
                let reused = Self.token(key, nonce: "same-nonce")
                #expect(try await get(client, "/v1/accounts", authorization: reused).status == .ok)
                #expect(try errorName(try await get(client, "/v1/accounts", authorization: reused)) == "nonce_used")
                let hashed = try await get(client, "/v1/accounts?x=1", authorization: Self.token(key))
                #expect(try errorName(hashed) == "invalid_query_payload", "parameters without a query_hash")
            }
        }
    }

    @Test func ordersChanceGivesFeesLimitsAndBothAccounts() async throws {
        try await ServerHarness.with { harness in
            let key = try await makeKey(harness)
            _ = try await harness.submit([.deposit(key.account, currency: "KRW", amount: Funds(units: 700_000_000_000))]
            )
            try await Application(router: harness.router).test(.router) { client in
                let query = "market=KRW-BTC"
                let response = try await get(
                    client, "/v1/orders/chance?\(query)", authorization: Self.token(key, query: query))
                #expect(response.status == .ok)
                let chance = try #require(try json(response.body) as? [String: Any])
                #expect(chance["bid_fee"] as? String == "0.0005" && chance["maker_ask_fee"] as? String == "0.0005")
                let market = try #require(chance["market"] as? [String: Any])
                #expect(market["id"] as? String == "KRW-BTC" && market["name"] as? String == "BTC/KRW")
                #expect((market["bid"] as? [String: Any])?["min_total"] as? String == "5000")
                #expect((market["ask"] as? [String: Any])?["currency"] as? String == "BTC")
                #expect(market["state"] as? String == "active")
                #expect((chance["bid_account"] as? [String: Any])?["balance"] as? String == "7000")
                #expect((chance["ask_account"] as? [String: Any])?["currency"] as? String == "BTC")

                let missing = try await get(client, "/v1/orders/chance", authorization: Self.token(key))
                #expect(missing.status == .badRequest)
                #expect(try errorName(missing) == "validation_error")
                let unknown = "market=KRW-NOPE"
                let bad = try await get(
                    client, "/v1/orders/chance?\(unknown)", authorization: Self.token(key, query: unknown))
                #expect(bad.status == .badRequest)
                #expect(try errorName(bad) == "validation_error")
                let tampered = try await get(
                    client, "/v1/orders/chance?market=KRW-ETH", authorization: Self.token(key, query: query))
                #expect(try errorName(tampered) == "invalid_query_payload")
            }
        }
    }

    @Test func apiKeysListsTheAccountsLiveKeys() async throws {
        try await ServerHarness.with { harness in
            let key = try await makeKey(harness, scopes: "orders:read")
            try await Application(router: harness.router).test(.router) { client in
                let response = try await get(client, "/v1/api_keys", authorization: Self.token(key))
                #expect(response.status == .ok)
                let rows = try #require(try json(response.body) as? [[String: Any]])
                #expect(rows.map { $0["access_key"] as? String } == [key.access])
            }
        }
    }
}
