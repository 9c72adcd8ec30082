/// The wire format of a WebSocket connection (§6.3); it applies to every stream of the connection.
public enum StreamFormat: Hashable, Sendable, CaseIterable {
    /// One object per frame, full field names.
    case `default`
    /// One object per frame, abbreviated keys.
    case simple
    /// An array of full-name objects per frame.
    case jsonList
    /// An array of abbreviated objects per frame.
    case simpleList

    /// Parses a `format` value: `DEFAULT`, `SIMPLE`, `JSON_LIST` or `SIMPLE_LIST`, in any letter case.
    public init?(name: some StringProtocol) {
        guard let format = Self.allCases.first(where: { SubscriptionASCII.equalsIgnoringCase($0.name, name) }) else {
            return nil
        }
        self = format
    }

    /// The upper-case wire name.
    public var name: String {
        switch self {
        case .default: "DEFAULT"
        case .simple: "SIMPLE"
        case .jsonList: "JSON_LIST"
        case .simpleList: "SIMPLE_LIST"
        }
    }

    /// Whether each frame is a JSON array of messages.
    public var isList: Bool { self == .jsonList || self == .simpleList }

    /// Whether keys use the SIMPLE abbreviations (`ty`, `cd`, `tp`, …).
    public var abbreviatesKeys: Bool { self == .simple || self == .simpleList }
}
