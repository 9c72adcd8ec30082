import BourseCore
import BourseDemo
import BourseServer
import BourseStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Withdrawals and coin deposits over the exchange API, moved along by the simulated chain: deposit
/// addresses, registered withdrawal addresses, limits and wallet states, cancelling, and an internal
/// transfer that arrives as the other account's deposit.
@Suite("Exchange API withdrawals and coin deposits")
struct WithdrawalRoutesTests {
    let orders = OrderRoutesTests()
    static let scopes = "accounts,orders:read,withdraw,deposit"

    /// A chain that treats everything as due (its clock is far ahead), stepped by hand.
    func chain(_ harness: ServerHarness) -> ChainService {
        ChainService(
            exchange: harness.exchange, store: harness.store, options: ChainService.Options(),
            clock: { Timestamp(milliseconds: 4_000_000_000_000) })
    }

    func funded(
        _ harness: ServerHarness, btc: String = "0", krw: String = "0"
    ) async throws -> ExchangeRoutesTests.TestKey {
        let key = try await orders.keys.makeKey(harness, scopes: Self.scopes)
        _ = try await harness.submit([
            .deposit(key.account, currency: "BTC", amount: try Funds(parsing: btc == "0" ? "0.00000001" : btc)),
            .deposit(key.account, currency: "KRW", amount: try Funds(parsing: krw == "0" ? "1" : krw)),
        ])
        return key
    }

    func object(_ answer: (status: Int, body: Any?)) throws -> [String: Any] {
        try #require(answer.body as? [String: Any], "\(answer)")
    }

    func errorName(_ answer: (status: Int, body: Any?)) -> String? {
        ((answer.body as? [String: Any])?["error"] as? [String: Any])?["name"] as? String
    }

    @Test func anInternalTransferIsSentDoneAndCreditedToTheOtherAccount() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let alice = try await funded(harness, btc: "1")
            let bob = try await funded(harness)
            let chain = chain(harness)
            try await Application(router: harness.router).test(.router) { client in
                // Bob's address: the first call starts making it, the second returns it.
                let pending = try await orders.send(
                    client, .post, "/v1/deposits/generate_coin_address", bob, ["currency": "BTC"])
                #expect(try pending.status == 201 && (object(pending))["success"] as? Bool == true)
                #expect(try (object(pending))["message"] as? String != nil)
                let made = try object(
                    try await orders.send(client, .post, "/v1/deposits/generate_coin_address", bob, ["currency": "BTC"])
                )
                let address = try #require(made["deposit_address"] as? String)
                #expect(address.hasPrefix("bc1q") && made["net_type"] as? String == "BTC")
                let fetched = try await orders.send(
                    client, .get, "/v1/deposits/coin_address", bob, ["currency": "BTC", "net_type": "BTC"])
                #expect(try fetched.status == 200 && (object(fetched))["deposit_address"] as? String == address)
                let none = try await orders.send(
                    client, .get, "/v1/deposits/coin_address", alice, ["currency": "BTC", "net_type": "BTC"])
                #expect(none.status == 404)

                let form: KeyValuePairs<String, String> = [
                    "currency": "BTC", "net_type": "BTC", "amount": "0.25", "address": address,
                ]
                let unregistered = try await orders.send(client, .post, "/v1/withdraws/coin", alice, form)
                #expect(unregistered.status == 400 && errorName(unregistered) == "withdraw_address_not_registered")
                try await harness.store.save(
                    WalletAddress(
                        kind: .withdrawal, account: alice.account, currency: "BTC", network: "BTC", address: address,
                        memo: nil, createdAt: Timestamp(milliseconds: 0)))
                let listed = try await orders.send(client, .get, "/v1/withdraws/coin_addresses", alice)
                #expect((listed.body as? [[String: Any]])?.first?["withdraw_address"] as? String == address)

                let created = try await orders.send(client, .post, "/v1/withdraws/coin", alice, form)
                #expect(created.status == 201)
                let withdrawal = try object(created)
                let uuid = try #require(withdrawal["uuid"] as? String)
                #expect(withdrawal["type"] as? String == "withdraw" && withdrawal["state"] as? String == "WAITING")
                #expect(withdrawal["amount"] as? String == "0.25" && withdrawal["fee"] as? String == "0.0005")
                #expect(withdrawal["is_cancelable"] as? Bool == true && withdrawal["txid"] == nil)
                #expect(withdrawal["transaction_type"] as? String == "default")
                #expect(try orders.balance(harness, alice, "BTC").locked == (Funds(parsing: "0.2505")))
                let notBobs = try await orders.send(client, .get, "/v1/withdraw", bob, ["uuid": uuid])
                #expect(notBobs.status == 404 && errorName(notBobs) == "withdraw_not_found")

                try await chain.step()
                let sent = try object(try await orders.send(client, .get, "/v1/withdraw", alice, ["uuid": uuid]))
                #expect(sent["state"] as? String == "PROCESSING" && sent["is_cancelable"] as? Bool == false)
                let txid = try #require(sent["txid"] as? String)
                let late = try await orders.send(client, .delete, "/v1/withdraws/coin", alice, ["uuid": uuid])
                #expect(late.status == 400 && errorName(late) == "withdraw_not_cancelable")

                try await chain.step()
                let done = try object(try await orders.send(client, .get, "/v1/withdraw", alice, ["uuid": uuid]))
                #expect(done["state"] as? String == "DONE" && done["done_at"] as? String != nil)
                #expect(try orders.balance(harness, alice, "BTC").balance == (Funds(parsing: "0.7495")))
                #expect(orders.balance(harness, alice, "BTC").locked == .zero)
                let arriving = try await orders.send(client, .get, "/v1/deposits", bob, ["currency": "BTC"])
                let deposit = try #require((arriving.body as? [[String: Any]])?.first { $0["txid"] as? String == txid })
                #expect(deposit["state"] as? String == "PROCESSING" && deposit["done_at"] == nil)
                #expect(try orders.balance(harness, bob, "BTC").balance == (Funds(parsing: "0.00000001")))

                try await chain.step()
                let credited = try object(
                    try await orders.send(client, .get, "/v1/deposit", bob, ["txid": txid]))
                #expect(credited["state"] as? String == "ACCEPTED" && credited["amount"] as? String == "0.25")
                #expect(try orders.balance(harness, bob, "BTC").balance == (Funds(parsing: "0.25000001")))
                let byState = try await orders.send(client, .get, "/v1/withdraws", alice, ["state": "DONE"])
                #expect((byState.body as? [[String: Any]])?.map { $0["uuid"] as? String } == [uuid])
            }
        }
    }

    @Test func aWaitingWithdrawalCanBeCancelledAndLimitsAndWalletStatesApply() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let alice = try await funded(harness, btc: "1", krw: "1000000")
            for (currency, network, address) in [("BTC", "BTC", "bc1qexternal"), ("DOGE", "DOGE", "Dexternal")] {
                try await harness.store.save(
                    WalletAddress(
                        kind: .withdrawal, account: alice.account, currency: currency, network: network,
                        address: address, memo: nil, createdAt: Timestamp(milliseconds: 0)))
            }
            try await Application(router: harness.router).test(.router) { client in
                func withdraw(
                    _ amount: String, _ currency: String = "BTC", _ address: String = "bc1qexternal"
                )
                    async throws -> (status: Int, body: Any?)
                {
                    try await orders.send(
                        client, .post, "/v1/withdraws/coin", alice,
                        ["currency": currency, "net_type": currency, "amount": amount, "address": address])
                }
                let small = try await withdraw("0.0001")
                #expect(small.status == 400 && errorName(small) == "under_min_amount")
                let huge = try await withdraw("101")
                #expect(huge.status == 400 && errorName(huge) == "over_onetime_limit")
                let poor = try await withdraw("0.9999")
                #expect(poor.status == 400 && errorName(poor) == "insufficient_funds_withdraw")
                let closed = try await withdraw("50", "DOGE", "Dexternal")
                #expect(closed.status == 400 && errorName(closed) == "wallet_not_working")

                let waiting = try object(try await withdraw("0.5"))
                let uuid = try #require(waiting["uuid"] as? String)
                let cancelled = try await orders.send(client, .delete, "/v1/withdraws/coin", alice, ["uuid": uuid])
                #expect(try cancelled.status == 200 && (object(cancelled))["state"] as? String == "CANCELLED")
                #expect(try orders.balance(harness, alice, "BTC").balance == (Funds(parsing: "1")))
                let unknown = try await orders.send(
                    client, .delete, "/v1/withdraws/coin", alice, ["uuid": "00000000-0000-4000-8000-000000000000"])
                #expect(unknown.status == 404)

                let krw = try await orders.send(
                    client, .post, "/v1/withdraws/krw", alice, ["amount": "100000", "two_factor_type": "kakao"])
                #expect(try krw.status == 201 && (object(krw))["fee"] as? String == "1000")
                #expect(try (object(krw))["net_type"] == nil)
                #expect(try orders.balance(harness, alice, "KRW").locked == (Funds(parsing: "101000")))
                let noFactor = try await orders.send(client, .post, "/v1/withdraws/krw", alice, ["amount": "5000"])
                #expect(noFactor.status == 201, "pyupbit sends no two_factor_type")
                let badFactor = try await orders.send(
                    client, .post, "/v1/withdraws/krw", alice, ["amount": "5000", "two_factor_type": "sms"])
                #expect(badFactor.status == 400)

                let chance = try object(
                    try await orders.send(
                        client, .get, "/v1/withdraws/chance", alice, ["currency": "BTC", "net_type": "BTC"]))
                let limit = try #require(chance["withdraw_limit"] as? [String: Any])
                #expect(limit["minimum"] as? String == "0.001" && limit["can_withdraw"] as? Bool == true)
                #expect((chance["currency"] as? [String: Any])?["withdraw_fee"] as? String == "0.0005")
                #expect((chance["account"] as? [String: Any])?["balance"] as? String == "1")
                let tron = try object(
                    try await orders.send(
                        client, .get, "/v1/deposits/chance/coin", alice, ["currency": "USDT", "net_type": "TRX"]))
                #expect(tron["is_deposit_possible"] as? Bool == false && tron["deposit_impossible_reason"] != nil)
                let unlisted = try await orders.send(
                    client, .get, "/v1/deposits/chance/coin", alice, ["currency": "LUNC", "net_type": "LUNC"])
                #expect(unlisted.status == 404 && errorName(unlisted) == "currency_not_found")
                let noNet = try await orders.send(client, .get, "/v1/deposits/chance/coin", alice, ["currency": "BTC"])
                #expect(noNet.status == 400)
            }
        }
    }

    @Test func withdrawalRoutesNeedTheWithdrawScope() async throws {
        try await ServerHarness.with(steps: 0) { harness in
            let viewer = try await orders.keys.makeKey(harness, scopes: "accounts,deposit")
            try await Application(router: harness.router).test(.router) { client in
                for (method, path) in [
                    (HTTPRequest.Method.get, "/v1/withdraws"), (.get, "/v1/withdraws/coin_addresses"),
                    (.post, "/v1/withdraws/krw"), (.delete, "/v1/withdraws/coin"),
                ] {
                    let answer = try await orders.send(client, method, path, viewer)
                    #expect(answer.status == 401 && errorName(answer) == "out_of_scope", "\(path)")
                }
            }
        }
    }
}
