import BourseCore
import BourseWire
import HTTPTypes
import Hummingbird
import NIOCore

/// A refusal of the auction API: a status and the contract's error name (auction-api.md §2), answered in
/// Upbit's shape `{"error":{"name":…,"message":…}}`.
struct AuctionError: Error, Sendable {
    var status: HTTPResponse.Status
    var name: String
    var message: String
    /// Seconds to wait, for `429` answers (`Retry-After`; `retry_after` in a socket's error).
    var retryAfter: Int?
    /// When a mute or ban ends (`until` in the error object, epoch milliseconds), so a client counts down
    /// without reading the message.
    var until: Timestamp?

    init(status: HTTPResponse.Status, name: String, message: String, retryAfter: Int? = nil, until: Timestamp? = nil) {
        self.status = status
        self.name = name
        self.message = message
        self.retryAfter = retryAfter
        self.until = until
    }

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
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("error")
        write(into: &writer)
        writer.endObject()
        var response = AuctionJSON.response(writer.bytes, status: status)
        if let retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        return response
    }

    /// The error object: `name`, `message`, and `retry_after` (seconds) and `until` (epoch milliseconds)
    /// when there are such.
    func write(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.errorMembers(name: name, message: message)
        if let retryAfter {
            writer.key("retry_after")
            writer.integer(Int64(retryAfter))
        }
        if let until {
            writer.key("until")
            writer.integer(until.milliseconds)
        }
        writer.endObject()
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
