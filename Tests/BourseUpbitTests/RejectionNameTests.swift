import BourseCore
import BourseUpbit
import Testing

/// The engine's refusals as Upbit spells them (reference §3, §5.2): what ccxt and pyupbit map to their
/// exception classes.
@Suite("Upbit error names")
struct RejectionNameTests {
    @Test(arguments: [
        (Rejection.insufficientFunds(.bid), "insufficient_funds_bid", 400),
        (.insufficientFunds(.ask), "insufficient_funds_ask", 400),
        (.underMinTotal(.bid), "under_min_total_bid", 400),
        (.underMinTotal(.ask), "under_min_total_ask", 400),
        (.invalidPrice(.bid), "invalid_price_bid", 400),
        (.invalidPrice(.ask), "invalid_price_ask", 400),
        (.createError(.ask), "create_ask_error", 400),
        (.marketOffline, "market_offline", 403),
        (.orderNotFound, "order_not_found", 404),
        (.withdrawNotFound, "withdraw_not_found", 404),
        (.orderIDReused, "server_error", 500),
    ])
    func eachRefusalHasUpbitsNameAndStatus(rejection: Rejection, name: String, status: Int) {
        let error = UpbitError(rejection)
        #expect(error.name == name && error.status == status)
        #expect(!error.message.isEmpty)
    }
}
