import BourseCore
import BourseServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Deposits over the exchange API: a KRW deposit through the server, the list, one deposit, and scopes.
@Suite("Exchange API deposits")
struct DepositRoutesTests {
    let orders = OrderRoutesTests()

    @Test func aKRWDepositIsCreditedListedAndPrivate() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let saver = try await orders.keys.makeKey(harness, scopes: "accounts,deposit")
            let other = try await orders.keys.makeKey(harness, scopes: "accounts,deposit")
            let viewer = try await orders.keys.makeKey(harness, scopes: "accounts")
            try await Application(router: harness.router).test(.router) { client in
                let made = try await orders.send(
                    client, .post, "/v1/deposits/krw", saver, ["amount": "50000", "two_factor_type": "naver"])
                #expect(made.status == 201)
                let deposit = try #require(made.body as? [String: Any])
                let uuid = try #require(deposit["uuid"] as? String)
                #expect(deposit["state"] as? String == "ACCEPTED" && deposit["amount"] as? String == "50000")
                #expect(deposit["net_type"] == nil && deposit["fee"] as? String == "0")
                #expect(orders.balance(harness, saver, "KRW").balance == Funds(units: 5_000_000_000_000))

                let listed = try await send(client, .get, "/v1/deposits", saver, ["currency": "KRW"])
                #expect((listed.body as? [[String: Any]])?.map { $0["uuid"] as? String } == [uuid])
                let one = try await orders.send(client, .get, "/v1/deposit", saver, ["uuid": uuid])
                #expect((one.body as? [String: Any])?["uuid"] as? String == uuid)
                let notTheirs = try await orders.send(client, .get, "/v1/deposit", other, ["uuid": uuid])
                #expect(notTheirs.status == 404)
                #expect((try await send(client, .get, "/v1/deposits", other, [:]).body as? [Any])?.isEmpty == true)
                let noScope = try await orders.send(
                    client, .post, "/v1/deposits/krw", viewer, ["amount": "1", "two_factor_type": "kakao"])
                #expect(noScope.status == 401)
                let bad = try await orders.send(
                    client, .post, "/v1/deposits/krw", saver, ["amount": "-5", "two_factor_type": "kakao"])
                #expect(bad.status == 400)
                let noFactor = try await orders.send(client, .post, "/v1/deposits/krw", saver, ["amount": "1000"])
                #expect(noFactor.status == 400)
                #expect(
                    ((noFactor.body as? [String: Any])?["error"] as? [String: Any])?["name"] as? String
                        == "validation_error")
                func name(_ response: (status: Int, body: Any?)) -> String? {
                    ((response.body as? [String: Any])?["error"] as? [String: Any])?["name"] as? String
                }
                // Won have no fractions.
                let half = try await orders.send(
                    client, .post, "/v1/deposits/krw", saver, ["amount": "1000.5", "two_factor_type": "kakao"])
                #expect(half.status == 400 && name(half) == "validation_error")
                // A probe filled the ledger's 64-bit KRW supply from one account in 68 deposits, and then
                // everyone's deposits were refused: an account is now given at most 1,000,000,000 won in all
                // (spending it does not give it back).
                let toTheBound = try await orders.send(
                    client, .post, "/v1/deposits/krw", saver, ["amount": "999950000", "two_factor_type": "kakao"])
                #expect(toTheBound.status == 201)
                let past = try await orders.send(
                    client, .post, "/v1/deposits/krw", saver, ["amount": "1", "two_factor_type": "kakao"])
                #expect(past.status == 400 && name(past) == "over_deposit_limit")
                let huge = try await orders.send(
                    client, .post, "/v1/deposits/krw", other, ["amount": "10000000000", "two_factor_type": "kakao"])
                #expect(huge.status == 400 && name(huge) == "over_deposit_limit")
                let others = try await orders.send(
                    client, .post, "/v1/deposits/krw", other, ["amount": "1000000", "two_factor_type": "kakao"])
                #expect(others.status == 201, "another account still deposits")
            }
        }
    }

    func send(
        _ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ path: String,
        _ key: ExchangeRoutesTests.TestKey, _ parameters: KeyValuePairs<String, String>
    ) async throws -> (status: Int, body: Any?) {
        try await orders.send(client, method, path, key, parameters)
    }
}
