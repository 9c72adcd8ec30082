import Foundation

/// What went wrong talking to a server.
public enum ClientError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server URL could not be used.
    case invalidURL(String)
    /// The server answered with an error status; `name` and `message` are Upbit's error object's when the
    /// body has one.
    case server(status: Int, name: String?, message: String?)
    /// The answer was not what the API promises.
    case undecodable(path: String, error: String)
    /// A certificate to trust could not be read.
    case invalidCertificate(String)
    /// An answer larger than the client accepts.
    case tooLarge(path: String, limit: Int)

    static func server(status: Int, body: Data) -> ClientError {
        struct Body: Decodable {
            struct Failure: Decodable {
                var name: String?
                var message: String?

                // Upbit's `name` is a string, except on some 404s where it is the number 404.
                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: WireKey.self)
                    name =
                        (try? container.optionalValue("name", as: String.self))
                        ?? (try? container.optionalValue("name", as: Int.self)).flatMap { $0.map(String.init) }
                    message = try? container.optionalValue("message", as: String.self)
                }
            }
            var error: Failure
        }
        let failure = try? JSONDecoder().decode(Body.self, from: body).error
        return .server(status: status, name: failure?.name, message: failure?.message)
    }

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .invalidURL(let url): "not a usable server URL: \(url)"
        case .server(let status, let name, let message):
            "the server answered \(status)" + (name.flatMap { $0 == String(status) ? nil : " \($0)" } ?? "")
                + (message.map { ": \($0)" } ?? "")
        case .undecodable(let path, let error): "unexpected answer from \(path): \(error)"
        case .invalidCertificate(let reason): "cannot trust the certificate: \(reason)"
        case .tooLarge(let path, let limit): "the answer from \(path) is larger than \(limit) bytes"
        }
    }
}
