import BourseCore
import BourseServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// The web client trades with its sign-in cookie: reads with the cookie alone, changes only with the
/// session's CSRF token, never withdrawals, and never with an ended session.
@Suite("Exchange API with a browser's session cookie")
struct ExchangeSessionTests {
    typealias R = AuctionRoutesTests
    typealias S = SignInRoutesTests

    static func withUser(
        _ body: @escaping @Sendable (any TestClientProtocol, R.User, String) async throws -> Void
    ) async throws {
        try await ServerHarness.with(steps: 2, configure: { $0.signIn.passwordCost = 4 }) { harness in
            try await harness.application().test(.live) { client in
                let user = try await R.user("mina", krw: 0, harness, client)
                let me = try S.object(
                    try await client.execute(
                        uri: "/auction/v1/me", method: .get, headers: [.cookie: "bourse_session=\(user.token)"]))
                try await body(client, user, try #require(me["csrf_token"] as? String))
            }
        }
    }

    static func call(
        _ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String, cookie: String?,
        csrf: String? = nil, json: String? = nil
    ) async throws -> (HTTPResponse.Status, [String: Any]?, Any?) {
        var headers: HTTPFields = [:]
        if let cookie { headers[.cookie] = "bourse_session=\(cookie)" }
        if let csrf { headers[HTTPField.Name("X-CSRF-Token")!] = csrf }
        if json != nil { headers[.contentType] = "application/json" }
        let response = try await client.execute(
            uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) })
        let parsed = try? JSONSerialization.jsonObject(with: Data(buffer: response.body))
        return (response.status, (parsed as? [String: Any])?["error"] as? [String: Any], parsed)
    }

    @Test func theCookieReadsAndWithItsCSRFTokenDepositsTradesAndCancels() async throws {
        try await Self.withUser { client, user, csrf in
            let (status, _, accounts) = try await Self.call(client, .get, "/v1/accounts", cookie: user.token)
            #expect(status == .ok && accounts is [Any])
            let raw = try await client.execute(
                uri: "/v1/accounts", method: .get, headers: [.cookie: "bourse_session=\(user.token)"])
            #expect(raw.headers[.cacheControl] == "no-store")
            // Changes without the CSRF token are refused: a page of another site could send the cookie.
            let deposit = #"{"amount":"1000000","two_factor_type":"kakao"}"#
            let (refused, error, _) = try await Self.call(
                client, .post, "/v1/deposits/krw", cookie: user.token, json: deposit)
            #expect(refused == .forbidden && error?["name"] as? String == "csrf_token_missing")
            let (wrong, _, _) = try await Self.call(
                client, .post, "/v1/deposits/krw", cookie: user.token, csrf: "not-the-token", json: deposit)
            #expect(wrong == .forbidden)
            let (deposited, _, _) = try await Self.call(
                client, .post, "/v1/deposits/krw", cookie: user.token, csrf: csrf, json: deposit)
            #expect(deposited == .created || deposited == .ok)
            let order = #"{"market":"KRW-BTC","side":"bid","ord_type":"limit","price":"1000000","volume":"0.01"}"#
            let (placed, _, placedBody) = try await Self.call(
                client, .post, "/v1/orders", cookie: user.token, csrf: csrf, json: order)
            #expect(placed == .created)
            let uuid = try #require((placedBody as? [String: Any])?["uuid"] as? String)
            let (cancelled, _, _) = try await Self.call(
                client, .delete, "/v1/order?uuid=\(uuid)", cookie: user.token, csrf: csrf)
            #expect(cancelled == .ok)
        }
    }

    @Test func withdrawalsEndedSessionsAndTokensKeepTheirOwnRules() async throws {
        try await Self.withUser { client, user, csrf in
            let (withdraws, error, _) = try await Self.call(client, .get, "/v1/withdraws", cookie: user.token)
            #expect(withdraws == .unauthorized && error?["name"] as? String == "out_of_scope")
            let (keys, keysError, _) = try await Self.call(client, .get, "/v1/api_keys", cookie: user.token)
            #expect(keys == .unauthorized && keysError?["name"] as? String == "out_of_scope")
            let (unknown, unknownError, _) = try await Self.call(client, .get, "/v1/accounts", cookie: "bogus-token")
            #expect(unknown == .unauthorized && unknownError?["name"] as? String == "invalid_session")
            // Signed out, the same cookie reads nothing.
            let (signedOut, _, _) = try await Self.call(
                client, .delete, "/auction/v1/sessions/current", cookie: user.token, csrf: csrf)
            #expect(signedOut == .noContent)
            let (ended, endedError, _) = try await Self.call(client, .get, "/v1/accounts", cookie: user.token)
            #expect(ended == .unauthorized && endedError?["name"] as? String == "invalid_session")
            // Without a cookie the API is Upbit's as before.
            let (anonymous, anonymousError, _) = try await Self.call(client, .get, "/v1/accounts", cookie: nil)
            #expect(anonymous == .unauthorized && anonymousError?["name"] as? String == "no_authorization_token")
        }
    }

    @Test func anAppSendsTheSessionTokenAsItsBearerWithoutCSRF() async throws {
        try await Self.withUser { client, user, _ in
            let bearer: HTTPFields = [.authorization: "Bearer \(user.token)", .contentType: "application/json"]
            let deposit = try await client.execute(
                uri: "/v1/deposits/krw", method: .post, headers: bearer,
                body: ByteBuffer(string: #"{"amount":"50000","two_factor_type":"kakao"}"#))
            #expect(deposit.status == .created)
            let accounts = try await client.execute(uri: "/v1/accounts", method: .get, headers: bearer)
            #expect(String(buffer: accounts.body).contains(#""currency":"KRW""#))
            // Not a session token: still Upbit's JWT errors.
            let garbage = try await client.execute(
                uri: "/v1/accounts", method: .get, headers: [.authorization: "Bearer not-a-token"])
            #expect(garbage.status == .unauthorized && !String(buffer: garbage.body).contains("invalid_session"))
        }
    }

    @Test func sessionsNeverWithdrawAndCSRFTokensAreTheirSessionsOwn() async throws {
        try await Self.withUser { client, user, csrf in
            let withdraw = #"{"currency":"BTC","net_type":"BTC","amount":"0.1","address":"x"}"#
            let (cookie, cookieError, _) = try await Self.call(
                client, .post, "/v1/withdraws/coin", cookie: user.token, csrf: csrf, json: withdraw)
            #expect(cookie == .unauthorized && cookieError?["name"] as? String == "out_of_scope")
            let bearer = try await client.execute(
                uri: "/v1/withdraws/coin", method: .post,
                headers: [.authorization: "Bearer \(user.token)", .contentType: "application/json"],
                body: ByteBuffer(string: withdraw))
            #expect(bearer.status == .unauthorized && String(buffer: bearer.body).contains("out_of_scope"))
            // A DELETE is a change too; and another session's token is not this one's.
            let (delete, deleteError, _) = try await Self.call(
                client, .delete, "/v1/order?uuid=00000000-0000-4000-8000-000000000000", cookie: user.token)
            #expect(delete == .forbidden && deleteError?["name"] as? String == "csrf_token_missing")
            let other = try S.object(
                try await S.post(
                    client, "/auction/v1/sessions", #"{"username":"mina","password":"password of mina"}"#))
            let otherCSRF = try #require(other["csrf_token"] as? String)
            #expect(otherCSRF != csrf)
            let (crossed, _, _) = try await Self.call(
                client, .post, "/v1/deposits/krw", cookie: user.token, csrf: otherCSRF,
                json: #"{"amount":"1000","two_factor_type":"kakao"}"#)
            #expect(crossed == .forbidden)
            // With Authorization, the cookie is not looked at: a bad token stays a bad token.
            var headers: HTTPFields = [.cookie: "bourse_session=\(user.token)", .authorization: "Bearer a.b.c"]
            headers[HTTPField.Name("X-CSRF-Token")!] = csrf
            let mixed = try await client.execute(uri: "/v1/accounts", method: .get, headers: headers)
            #expect(mixed.status == .unauthorized && String(buffer: mixed.body).contains("jwt_verification"))
        }
    }

    @Test func aFormOfAnotherSiteCannotPostJSONToSignIn() async throws {
        try await Self.withUser { client, _, _ in
            for type in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"] {
                let response = try await client.execute(
                    uri: "/auction/v1/sessions", method: .post, headers: [.contentType: type],
                    body: ByteBuffer(string: #"{"username":"mina","password":"password of mina"}"#))
                #expect(response.status == .badRequest, "\(type)")
            }
        }
    }
}
