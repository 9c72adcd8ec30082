import Crypto
public import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// The private exchange API of a Bourse (or Upbit) server for one API key: balances and orders, each
/// request signed as Upbit requires (an HS256 JWT with the access key, a fresh nonce and the SHA-512 hash
/// of the parameters).
///
/// Amounts are the API's decimal strings, passed through untouched: the SDK never computes money with
/// floating point.
public struct ExchangeClient: Sendable {
    /// The server, e.g. `http://127.0.0.1:8080`.
    public let baseURL: URL
    let accessKey: String
    let secretKey: SymmetricKey
    /// A sign-in session's token, sent as the bearer instead of a signed JWT (``init(baseURL:sessionToken:transport:)``).
    let sessionToken: String?
    let transport: any HTTPTransport

    /// A client signing with the key `accessKey` and its secret (as `bourse keys create` printed them),
    /// sending through `transport` (`URLSession.bourse`, which keeps no cookies, unless given).
    public init(
        baseURL: URL, accessKey: String, secretKey: String, transport: any HTTPTransport = URLSession.bourse
    ) {
        self.baseURL = baseURL
        self.accessKey = accessKey
        self.secretKey = SymmetricKey(data: Data(secretKey.utf8))
        sessionToken = nil
        self.transport = transport
    }

    /// A client acting for the user signed in with `sessionToken` (``AuctionClient/token`` after
    /// ``AuctionClient/signIn(username:password:)``): Bourse's exchange API takes a session as the bearer, so
    /// an app or the terminal can trade with a name and a password instead of an API key. Not Upbit's.
    public init(baseURL: URL, sessionToken: String, transport: any HTTPTransport = URLSession.bourse) {
        self.baseURL = baseURL
        accessKey = ""
        secretKey = SymmetricKey(size: .bits256)
        self.sessionToken = sessionToken
        self.transport = transport
    }

    /// Balances of every currency the account holds (`GET /v1/accounts`).
    public func accounts() async throws -> [AccountBalance] {
        try await send("GET", "/v1/accounts", [])
    }

    /// Places a limit order (`POST /v1/orders`): `side` `bid` (buy) or `ask` (sell), volume and price as
    /// decimal strings.
    public func placeLimitOrder(
        market: String, side: OrderSide, volume: String, price: String, identifier: String? = nil
    ) async throws -> OrderSummary {
        var parameters = [
            ("market", market), ("side", side.rawValue), ("volume", volume), ("price", price), ("ord_type", "limit"),
        ]
        if let identifier { parameters.append(("identifier", identifier)) }
        return try await send("POST", "/v1/orders", parameters)
    }

    /// One order (`GET /v1/order`).
    public func order(uuid: String) async throws -> OrderSummary {
        try await send("GET", "/v1/order", [("uuid", uuid)])
    }

    /// Cancels an order (`DELETE /v1/order`); the answer is the order as it was when asked.
    public func cancelOrder(uuid: String) async throws -> OrderSummary {
        try await send("DELETE", "/v1/order", [("uuid", uuid)])
    }

    /// The account's open orders in `market` (`GET /v1/orders/open`).
    public func openOrders(market: String) async throws -> [OrderSummary] {
        try await send("GET", "/v1/orders/open", [("market", market)])
    }

    /// The account's open orders in every market, newest first (`GET /v1/orders/open`, up to 100).
    public func openOrders() async throws -> [OrderSummary] {
        try await send("GET", "/v1/orders/open", [("limit", "100")])
    }

    // MARK: - Signing

    func send<Response: Decodable>(
        _ method: String, _ path: String, _ parameters: [(String, String)]
    )
        async throws -> Response
    {
        let query = parameters.map { "\(Self.escape($0.0))=\(Self.escape($0.1))" }.joined(separator: "&")
        var components = try ServerCall.components(baseURL, path)
        if method != "POST" && !query.isEmpty { components.percentEncodedQuery = query }
        var request = URLRequest(url: try ServerCall.url(components, baseURL, path))
        // Signed by its key or its bearer only, never by a session cookie another client's sign-in left in
        // URLSession.shared's store.
        request.httpShouldHandleCookies = false
        request.httpMethod = method
        // Upbit hashes the decoded `k=v&…` string (what its own examples and ccxt sign), not the URL's.
        let hashed = parameters.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
        request.setValue("Bearer \(sessionToken ?? token(query: hashed))", forHTTPHeaderField: "Authorization")
        if method == "POST" {
            // Keys in the order they were hashed: the server reads the body in order to check the hash.
            let fields = parameters.map { "\(Self.json($0.0)):\(Self.json($0.1))" }
            request.httpBody = Data(("{" + fields.joined(separator: ",") + "}").utf8)
            request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
        }
        return try await ServerCall.perform(request, transport, path: path)
    }

    /// What a request without parameters (a socket's handshake) sends as its bearer: the session token, or
    /// a fresh signed token.
    func bearer() -> String { sessionToken ?? token(query: "") }

    /// `Bearer` token: HS256 over `{"access_key","nonce"}` and, with parameters, their SHA-512 hash.
    func token(query: String) -> String {
        let header = Self.base64URL(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        var claims = #"{"access_key":\#(Self.json(accessKey)),"nonce":"\#(UUID().uuidString)""#
        if !query.isEmpty {
            let hash = SHA512.hash(data: Data(query.utf8)).map { byte in
                let text = String(byte, radix: 16)
                return byte < 16 ? "0" + text : text
            }.joined()
            claims += #","query_hash":"\#(hash)","query_hash_alg":"SHA512""#
        }
        let payload = Self.base64URL(Data((claims + "}").utf8))
        let signature = HMAC<SHA256>.authenticationCode(for: Data("\(header).\(payload)".utf8), using: secretKey)
        return "\(header).\(payload).\(Self.base64URL(Data(signature)))"
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Form encoding of a key or value: unreserved characters as they are, everything else `%XX`.
    static func escape(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (byte < 16 ? "0" + hex : hex)
            }
        }
        return result
    }

    /// A JSON string literal of `text`.
    static func json(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

/// Buy or sell.
public enum OrderSide: String, Sendable {
    /// Buy.
    case bid
    /// Sell.
    case ask
}
