import BourseAuth
import BourseCore

/// A refusal of the exchange API in Upbit's shape: a status and a string `error.name` (reference §5.2).
struct ExchangeError: Error {
    let status: Int
    let name: String
    let message: String

    /// An authentication failure (reference §4.4).
    init(_ error: AuthError) {
        self.init(status: error.status, name: error.name, message: error.message)
    }

    init(status: Int, name: String, message: String) {
        self.status = status
        self.name = name
        self.message = message
    }

    /// The engine's refusal, with its Upbit name and status.
    init(_ rejection: Rejection) {
        self.init(status: rejection.httpStatus, name: rejection.name, message: rejection.message)
    }

    /// 404 `order_not_found`.
    static let orderNotFound = ExchangeError(Rejection.orderNotFound)

    /// Throws the refusal if `events` start with one (a command the engine refused).
    static func throwIfRejected(_ events: [Event]) throws(ExchangeError) {
        if case .rejected(let rejected) = events.first { throw ExchangeError(rejected.reason) }
    }

    /// 400 `validation_error`, e.g. "market is missing" (ccxt maps it to InvalidOrder/BadRequest).
    static func validation(_ message: String) -> ExchangeError {
        ExchangeError(status: 400, name: "validation_error", message: message)
    }
}
