/// A quotation API error: Upbit's status and message, with the status as the `name` (reference §5.1).
public enum QuotationError: Error, Hashable, Sendable {
    /// 400 `Invalid parameter. Check the given value!`
    case invalidParameter
    /// 400 `Type mismatch error. Check the parameters type!`
    case typeMismatch
    /// 400 `Missing request parameter error. Check the required parameters!`
    case missingParameter
    /// 404 `Code not found`
    case codeNotFound
    /// 404 for a path the API does not have.
    case notFound

    /// The HTTP status.
    public var status: Int {
        switch self {
        case .invalidParameter, .typeMismatch, .missingParameter: 400
        case .codeNotFound, .notFound: 404
        }
    }

    /// Upbit's message.
    public var message: String {
        switch self {
        case .invalidParameter: "Invalid parameter. Check the given value!"
        case .typeMismatch: "Type mismatch error. Check the parameters type!"
        case .missingParameter: "Missing request parameter error. Check the required parameters!"
        case .codeNotFound: "Code not found"
        case .notFound: "Not found"
        }
    }
}
