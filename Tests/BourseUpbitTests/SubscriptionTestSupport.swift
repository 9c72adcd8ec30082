import BourseCore
import BourseUpbit
import BourseWire

/// Parses a request written as text, as a client's text frame carries it.
func subscriptionRequest(_ text: String) throws(SubscriptionError) -> SubscriptionRequest {
    try SubscriptionRequest(parsing: text.utf8)
}

/// The error a request is rejected with, or `nil` if it parses.
func subscriptionError(_ text: String) -> SubscriptionError? {
    do {
        _ = try subscriptionRequest(text)
        return nil
    } catch {
        return error
    }
}

/// A market code from a literal known to be valid.
func market(_ code: String) -> MarketCode {
    MarketCode(code)!
}
