public import BourseAuth
public import BourseCore

/// A refusal of the exchange API in Upbit's shape: a status and a string `error.name` (reference §5.2),
/// answered as `{"error":{"name":…,"message":…}}`.
public struct UpbitError: Error, Hashable, Sendable {
    /// The HTTP status.
    public let status: Int
    /// Upbit's `error.name`, which clients map to their exception classes (ccxt, pyupbit).
    public let name: String
    /// A sentence for people.
    public let message: String

    /// An authentication failure (reference §4.4).
    public init(_ error: AuthError) {
        self.init(status: error.status, name: error.name, message: error.message)
    }

    /// A refusal spelled out.
    public init(status: Int, name: String, message: String) {
        self.status = status
        self.name = name
        self.message = message
    }

    /// The engine's refusal, with its Upbit name and status.
    public init(_ rejection: Rejection) {
        self.init(status: rejection.upbitStatus, name: rejection.upbitName, message: rejection.upbitMessage)
    }

    /// 404 `order_not_found`.
    public static let orderNotFound = UpbitError(Rejection.orderNotFound)

    /// Throws the refusal if `events` start with one (a command the engine refused).
    public static func throwIfRejected(_ events: [Event]) throws(UpbitError) {
        if case .rejected(let rejected) = events.first { throw UpbitError(rejected.reason) }
    }

    /// 400 `validation_error`, e.g. "market is missing" (ccxt maps it to InvalidOrder/BadRequest).
    public static func validation(_ message: String) -> UpbitError {
        UpbitError(status: 400, name: "validation_error", message: message)
    }
}
