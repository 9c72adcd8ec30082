import BourseServer
import HummingbirdTesting
import Testing

/// The exchange API's rate limit is the API key's, counted after authentication; requests that prove no
/// key are limited by their address.
@Suite("Exchange API rate limits")
struct ExchangeRateLimitTests {
    let keys = ExchangeRoutesTests()

    /// Regression: the limit ran per address before authentication, so a flood of unauthenticated requests
    /// made the signed requests of other accounts from the same address fail with 429.
    @Test func aFloodOfBadTokensDoesNotSpendAnAccountsBudget() async throws {
        // A stopped clock: every request counts in one second however slowly a loaded machine serves them.
        try await ServerHarness.with(
            steps: 0, configure: { $0.rateLimitPerSecond = 5 }, clock: ServerHarness.stoppedClock()
        ) { harness in
            let alice = try await keys.makeKey(harness, scopes: "accounts")
            let bob = try await keys.makeKey(harness, scopes: "accounts")
            try await harness.live { _, client in
                // The flood and the signed requests come from the same loopback address.
                var throttled = 0
                for _ in 0..<40 {
                    let response = try await keys.get(client, "/v1/accounts", authorization: "Bearer not-a-token")
                    if response.status == .tooManyRequests { throttled += 1 }
                }
                #expect(throttled > 0, "the address's own budget is spent")
                for key in [alice, bob] {
                    let response = try await keys.get(
                        client, "/v1/accounts", authorization: ExchangeRoutesTests.token(key))
                    #expect(response.status == .ok, "\(key.access): \(response.status)")
                }
            }
        }
    }

    @Test func eachKeyHasItsOwnBudget() async throws {
        // A stopped clock: every request counts in one second however slowly a loaded machine serves them.
        try await ServerHarness.with(
            steps: 0, configure: { $0.rateLimitPerSecond = 3 }, clock: ServerHarness.stoppedClock()
        ) { harness in
            let alice = try await keys.makeKey(harness, scopes: "accounts")
            let bob = try await keys.makeKey(harness, scopes: "accounts")
            try await harness.live { _, client in
                let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<12 {
                        group.addTask {
                            Int(
                                try await keys.get(
                                    client, "/v1/accounts", authorization: ExchangeRoutesTests.token(alice)
                                ).status.code)
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(statuses.contains(429), "alice went past 3 a second: \(statuses)")
                let response = try await keys.get(client, "/v1/accounts", authorization: ExchangeRoutesTests.token(bob))
                #expect(response.status == .ok, "bob's budget is his own")
            }
        }
    }
}
