import BourseUpbit
import HTTPTypes
import Hummingbird
import NIOCore

/// A refusal of the auction API: a status and the contract's error name (auction-api.md §2), answered in
/// Upbit's shape `{"error":{"name":…,"message":…}}`.
struct AuctionError: Error, Sendable {
    var status: HTTPResponse.Status
    var name: String
    var message: String
    /// Seconds to wait, for `429` answers (`Retry-After`).
    var retryAfter: Int?

    static func invalidParameter(_ message: String) -> AuctionError {
        AuctionError(status: .badRequest, name: "invalid_parameter", message: message)
    }

    /// What a failure that is not a refusal (a store or journal error) becomes: nothing of it leaks.
    static let serverError = AuctionError(
        status: .internalServerError, name: "server_error", message: "Internal server error")

    static let unauthorized = AuctionError(
        status: .unauthorized, name: "unauthorized", message: "Sign in first: POST /auction/v1/sessions.")

    /// The JSON answer, in the exchange API's error shape.
    var response: Response {
        var response = AuctionJSON.response(QuotationJSON.error(name: name, message: message), status: status)
        if let retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        return response
    }
}

/// Turns what the auction routes throw into the contract's errors: an ``AuctionError`` as it is, a body
/// over the limit as `payload_too_large`, anything else as a logged `server_error`.
struct AuctionErrorMiddleware: RouterMiddleware {
    typealias Context = BourseRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as AuctionError {
            return error.response
        } catch is NIOTooManyBytesError {
            return AuctionError(
                status: .contentTooLarge, name: "payload_too_large", message: "The request body is too large."
            ).response
        } catch let error as any HTTPResponseError {
            throw error
        } catch {
            context.logger.error("auction request failed", metadata: ["error": "\(error)"])
            return AuctionError.serverError.response
        }
    }
}
