import BourseCore
import BourseServer
import BourseStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Sign-up, sign-in and sign-out of the auction house (auction-api.md §2) through the real routes.
@Suite("Auction sign-in")
struct SignInRoutesTests {
    static let csrf = HTTPField.Name("X-CSRF-Token")!

    /// A server with bcrypt at its minimum cost, so each test hashes in milliseconds.
    static func with(
        failuresPerName: Int = 5, _ body: @Sendable (ServerHarness, any TestClientProtocol) async throws -> Void
    ) async throws {
        try await ServerHarness.with(
            steps: 0,
            configure: {
                $0.signIn.passwordCost = 4
                $0.signIn.failuresPerName = failuresPerName
            }
        ) { harness in
            try await Application(router: harness.router).test(.router) { client in try await body(harness, client) }
        }
    }

    static func post(
        _ client: any TestClientProtocol, _ uri: String, _ body: String, headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = headers
        headers[.contentType] = "application/json"
        return try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    static func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
    }

    static func errorName(_ response: TestResponse) throws -> String? {
        (try object(response)["error"] as? [String: Any])?["name"] as? String
    }

    static let credentials = #"{"username":"mina","password":"correct horse"}"#

    @Test func aNewUserSignsInSeesThemselvesAndSignsOut() async throws {
        try await Self.with { harness, client in
            let created = try await Self.post(client, "/auction/v1/users", Self.credentials)
            #expect(created.status == .created)
            let user = try Self.object(created)
            #expect(user["username"] as? String == "mina")
            let id = try #require(user["id"] as? Int)
            // The user is a ledger account, and the store holds a bcrypt hash, never the password.
            let account = try #require(try await harness.store.account(named: "mina"))
            #expect(account.id == AccountID(UInt64(id)))
            let hash = try #require(try await harness.store.passwordHash(of: account.id))
            #expect(hash.hasPrefix("$2b$04$") && !hash.contains("correct horse"))

            let signedIn = try await Self.post(client, "/auction/v1/sessions", Self.credentials)
            #expect(signedIn.status == .created)
            let session = try Self.object(signedIn)
            let token = try #require(session["token"] as? String)
            #expect(session["csrf_token"] is String && session["expires_at_ms"] is Int)
            let cookie = try #require(signedIn.headers[.setCookie])
            #expect(cookie.hasPrefix("bourse_session=\(token);") && cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Lax"))

            let me = try await client.execute(
                uri: "/auction/v1/me", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(me.status == .ok)
            #expect(try Self.object(me)["username"] as? String == "mina")

            let out = try await client.execute(
                uri: "/auction/v1/sessions/current", method: .delete, headers: [.authorization: "Bearer \(token)"])
            #expect(out.status == .noContent)
            let after = try await client.execute(
                uri: "/auction/v1/me", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(after.status == .unauthorized)
            #expect(try Self.errorName(after) == "unauthorized")
        }
    }

    @Test func aCookieSessionNeedsTheCSRFTokenToChangeAnything() async throws {
        try await Self.with { _, client in
            _ = try await Self.post(client, "/auction/v1/users", Self.credentials)
            let session = try Self.object(try await Self.post(client, "/auction/v1/sessions", Self.credentials))
            let token = try #require(session["token"] as? String)
            let csrf = try #require(session["csrf_token"] as? String)
            let cookie: HTTPFields = [.cookie: "theme=dark; bourse_session=\(token)"]
            // Reading with the cookie alone works, as a page load would.
            #expect(try await client.execute(uri: "/auction/v1/me", method: .get, headers: cookie).status == .ok)
            // Signing out with the cookie alone is what a forged form would do: refused.
            let forged = try await client.execute(uri: "/auction/v1/sessions/current", method: .delete, headers: cookie)
            #expect(forged.status == .forbidden)
            #expect(try Self.errorName(forged) == "csrf_token_missing")
            var wrong = cookie
            wrong[Self.csrf] = String(csrf.reversed())
            #expect(
                try await client.execute(uri: "/auction/v1/sessions/current", method: .delete, headers: wrong).status
                    == .forbidden)
            var right = cookie
            right[Self.csrf] = csrf
            let out = try await client.execute(uri: "/auction/v1/sessions/current", method: .delete, headers: right)
            #expect(out.status == .noContent)
            #expect(out.headers[.setCookie]?.contains("Max-Age=0") == true)
        }
    }

    @Test func badSignUpsGetTheContractsErrors() async throws {
        try await Self.with { _, client in
            let cases: [(String, HTTPResponse.Status, String)] = [
                (#"{"username":"mina","password":"short"}"#, .badRequest, "invalid_parameter"),
                (#"{"username":"mina","password":"mina"}"#, .badRequest, "invalid_parameter"),
                (#"{"username":"horses","password":"HORSES"}"#, .badRequest, "invalid_parameter"),
                (#"{"username":"correcthorse","password":"CorrectHorse"}"#, .badRequest, "invalid_parameter"),
                (#"{"username":"bad name","password":"correct horse"}"#, .badRequest, "invalid_parameter"),
                // Path segments a URL cannot carry (a probe made "..", who then could not be unmuted).
                (#"{"username":"..","password":"correct horse"}"#, .badRequest, "invalid_parameter"),
                (#"{"username":".","password":"correct horse"}"#, .badRequest, "invalid_parameter"),
                (#"{"username":"_-.","password":"correct horse"}"#, .badRequest, "invalid_parameter"),
                (#"{"username":"mina"}"#, .badRequest, "invalid_parameter"),
                (
                    #"{"username":"mina","password":"\#(String(repeating: "x", count: 73))"}"#, .badRequest,
                    "invalid_parameter"
                ),
                (#"{"username":"mina","password":"tab\tinside"}"#, .badRequest, "invalid_parameter"),
                ("not json", .badRequest, "invalid_parameter"),
                (Self.credentials, .created, ""),
                (Self.credentials, .conflict, "username_taken"),
                // Another case of a taken name is taken too: "MINA" would pass for mina in chat and on bids.
                (#"{"username":"MINA","password":"correct horse"}"#, .conflict, "username_taken"),
                (#"{"username":"Mina","password":"correct horse"}"#, .conflict, "username_taken"),
            ]
            for (body, status, name) in cases {
                let response = try await Self.post(client, "/auction/v1/users", body)
                #expect(response.status == status, "\(body)")
                if !name.isEmpty { #expect(try Self.errorName(response) == name, "\(body)") }
            }
            let huge = try await Self.post(client, "/auction/v1/users", String(repeating: " ", count: 20_000))
            #expect(huge.status == .contentTooLarge)
            #expect(try Self.errorName(huge) == "payload_too_large")
        }
    }

    @Test func wrongPasswordsAreThrottledPerName() async throws {
        try await Self.with(failuresPerName: 3) { _, client in
            _ = try await Self.post(client, "/auction/v1/users", Self.credentials)
            let wrong = #"{"username":"mina","password":"wrong horse"}"#
            for _ in 0..<3 {
                let response = try await Self.post(client, "/auction/v1/sessions", wrong)
                #expect(response.status == .unauthorized)
                #expect(try Self.errorName(response) == "unauthorized")
            }
            // The fourth try is refused before the password is even checked, the right one included.
            let throttled = try await Self.post(client, "/auction/v1/sessions", Self.credentials)
            #expect(throttled.status == .tooManyRequests)
            #expect(try Self.errorName(throttled) == "too_many_requests")
            #expect(Int(throttled.headers[.retryAfter] ?? "") ?? 0 > 0)
            // An unknown name answers exactly like a wrong password.
            let unknown = try await Self.post(
                client, "/auction/v1/sessions", #"{"username":"nobody","password":"whatever1"}"#)
            #expect(unknown.status == .unauthorized)
        }
    }

    @Test func signUpsAreThrottledPerAddress() async throws {
        try await ServerHarness.with(
            steps: 0,
            configure: {
                $0.signIn.passwordCost = 4
                $0.signIn.signUpsPerAddress = 2
            }
        ) { harness in
            try await Application(router: harness.router).test(.router) { client in
                for name in ["one", "two"] {
                    let body = #"{"username":"\#(name)","password":"password \#(name)"}"#
                    #expect(try await Self.post(client, "/auction/v1/users", body).status == .created)
                }
                let third = try await Self.post(
                    client, "/auction/v1/users", #"{"username":"three","password":"password 3"}"#)
                #expect(third.status == .tooManyRequests)
                #expect(try Self.errorName(third) == "too_many_requests")
                #expect(Int(third.headers[.retryAfter] ?? "") ?? 0 > 0)
                #expect(try await harness.store.account(named: "three") == nil)
            }
        }
    }

    @Test func forgedAndMissingTokensAreUnauthorized() async throws {
        try await Self.with { _, client in
            for authorization in [
                "", "Bearer ", "Bearer abc", "Basic bWluYTpwdw==", "Bearer " + String(repeating: "A", count: 43),
            ] {
                let response = try await client.execute(
                    uri: "/auction/v1/me", method: .get,
                    headers: authorization.isEmpty ? [:] : [.authorization: authorization])
                #expect(response.status == .unauthorized, "\(authorization)")
                #expect(try Self.errorName(response) == "unauthorized")
            }
        }
    }
}
