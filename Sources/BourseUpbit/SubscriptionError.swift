/// A rejected WebSocket request, sent to the client as `{"error":{"name":…,"message":…}}`.
public struct SubscriptionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Upbit's error name: `WRONG_FORMAT`, `NO_TICKET`, `NO_TYPE`, `NO_CODES`, `INVALID_PARAM` or
    /// `INVALID_AUTH`.
    public var name: String
    /// A clear English sentence naming the offending value.
    public var message: String

    /// Builds an error.
    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    /// `NAME: message`.
    public var description: String { "\(name): \(message)" }

    /// Not a JSON array of objects, or a badly shaped field.
    public static func wrongFormat(_ message: String) -> Self { Self(name: "WRONG_FORMAT", message: message) }
    /// No ticket object.
    public static func noTicket(_ message: String) -> Self { Self(name: "NO_TICKET", message: message) }
    /// No type object (and no method).
    public static func noType(_ message: String) -> Self { Self(name: "NO_TYPE", message: message) }
    /// A quotation type without codes.
    public static func noCodes(_ message: String) -> Self { Self(name: "NO_CODES", message: message) }
    /// An unsupported value: unknown type, bad code, depth, level or format.
    public static func invalidParameter(_ message: String) -> Self {
        Self(name: "INVALID_PARAM", message: message)
    }
    /// A missing or invalid JWT on the private endpoint.
    public static func invalidAuth(_ message: String) -> Self { Self(name: "INVALID_AUTH", message: message) }
}
