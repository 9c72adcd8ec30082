import Foundation

/// Why an auction request failed: the server's refusal by its contract name (auction-api.md §2) with the
/// server's message, or a failure to reach or understand the server.
///
/// Refusals are cases an app can switch on (`bid_too_low` → ask for more, `unauthorized` → sign in); the
/// transport's failures are kept apart, since retrying them, not changing the request, is what helps.
public enum AuctionClientError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `invalid_parameter` (400): a field is missing or out of range; the message says which.
    case invalidParameter(String)
    /// `unauthorized` (401): not signed in, the session expired or was signed out, or a wrong password.
    case unauthorized(String)
    /// `not_found` (404): no such item, photo or route.
    case notFound(String)
    /// `bid_too_low`: the maximum is under the item's minimum bid.
    case bidTooLow(String)
    /// `auction_not_live` (409): the sale has not opened or has ended.
    case auctionNotLive(String)
    /// `own_item` (403): sellers do not bid on or buy their own items.
    case ownItem(String)
    /// `insufficient_funds`: the account's available won do not cover the maximum or the price.
    case insufficientFunds(String)
    /// `buy_now_unavailable` (409): the item offers no buy now, or no longer (a bid reached it).
    case buyNowUnavailable(String)
    /// `too_many_requests` (429): wait `retryAfterSeconds` (from `Retry-After`, when the transport reads
    /// headers) before trying again.
    case tooManyRequests(retryAfterSeconds: Int?, message: String)
    /// `payload_too_large` (413): a photo or the whole body is over the server's limit.
    case payloadTooLarge(String)
    /// `username_taken` (409): pick another name.
    case usernameTaken(String)
    /// `has_bids` (409): an item with bids cannot be withdrawn.
    case hasBids(String)
    /// `csrf_token_missing` (403): a cookie session's change without its CSRF token (bearer tokens need none).
    case csrfTokenMissing(String)
    /// Another refusal: the status (0 for the socket's, which has none), and the error's name and message
    /// when the answer has them.
    case server(status: Int, name: String?, message: String?)
    /// The request did not get an answer (no connection, timeout, TLS); the underlying error's description.
    case transport(String)
    /// The answer was not what the API promises.
    case undecodable(path: String, error: String)
    /// The server URL could not be used.
    case invalidURL(String)

    /// The error for an answer of `status` with `body`, and `retryAfter` from its headers.
    static func refusal(status: Int, body: Data, retryAfter: String?) -> AuctionClientError {
        let parsed = ClientError.server(status: status, body: body)
        guard case .server(_, let name?, let message) = parsed else {
            return .server(status: status, name: nil, message: nil)
        }
        return named(name, message: message, status: status, retryAfter: retryAfter)
    }

    /// The error the server named `name`: from a REST answer of `status`, or from the socket's error reply
    /// (which has no status; `status` is 0 there).
    static func named(_ name: String, message: String?, status: Int, retryAfter: String?) -> AuctionClientError {
        let text = message ?? ""
        switch name {
        case "invalid_parameter": return .invalidParameter(text)
        case "unauthorized": return .unauthorized(text)
        case "not_found": return .notFound(text)
        case "bid_too_low": return .bidTooLow(text)
        case "auction_not_live": return .auctionNotLive(text)
        case "own_item": return .ownItem(text)
        case "insufficient_funds": return .insufficientFunds(text)
        case "buy_now_unavailable": return .buyNowUnavailable(text)
        case "too_many_requests":
            return .tooManyRequests(retryAfterSeconds: retryAfter.flatMap { Int($0) }, message: text)
        case "payload_too_large": return .payloadTooLarge(text)
        case "username_taken": return .usernameTaken(text)
        case "has_bids": return .hasBids(text)
        case "csrf_token_missing": return .csrfTokenMissing(text)
        default: return .server(status: status, name: name, message: message)
        }
    }

    /// The contract's error name, or `nil` for failures that are not the server's refusals.
    public var name: String? {
        switch self {
        case .invalidParameter: "invalid_parameter"
        case .unauthorized: "unauthorized"
        case .notFound: "not_found"
        case .bidTooLow: "bid_too_low"
        case .auctionNotLive: "auction_not_live"
        case .ownItem: "own_item"
        case .insufficientFunds: "insufficient_funds"
        case .buyNowUnavailable: "buy_now_unavailable"
        case .tooManyRequests: "too_many_requests"
        case .payloadTooLarge: "payload_too_large"
        case .usernameTaken: "username_taken"
        case .hasBids: "has_bids"
        case .csrfTokenMissing: "csrf_token_missing"
        case .server(_, let name, _): name
        case .transport, .undecodable, .invalidURL: nil
        }
    }

    /// The server's message for a refusal (what to show a user), or the failure's explanation.
    public var message: String {
        switch self {
        case .invalidParameter(let text), .unauthorized(let text), .notFound(let text), .bidTooLow(let text),
            .auctionNotLive(let text), .ownItem(let text), .insufficientFunds(let text), .buyNowUnavailable(let text),
            .payloadTooLarge(let text), .usernameTaken(let text), .hasBids(let text), .csrfTokenMissing(let text),
            .tooManyRequests(_, let text):
            text
        case .server(let status, _, let message): message ?? "the server answered \(status)"
        case .transport(let reason): "cannot reach the server: \(reason)"
        case .undecodable(let path, let error): "unexpected answer from \(path): \(error)"
        case .invalidURL(let url): "not a usable server URL: \(url)"
        }
    }

    /// `name: message`, or the failure's explanation.
    public var description: String { name.map { "\($0): \(message)" } ?? message }
}
