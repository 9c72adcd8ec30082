import BourseWire
import Crypto
import Foundation
import NIOCore

/// Signs order requests as ccxt does (HS256 JWT with a fresh nonce and the SHA-512 `query_hash` of the
/// body's `k=v&…`), for the load generator of `bourse bench orders`.
struct BenchSigner: Sendable {
    let accessKey: String
    let secret: SymmetricKey

    init(accessKey: String, secretKey: String) {
        self.accessKey = accessKey
        secret = SymmetricKey(data: Data(secretKey.utf8))
    }

    /// A complete `POST path` request with `parameters` as its JSON body.
    func post(_ path: String, _ parameters: [(String, String)], nonce: UInt64) -> ByteBuffer {
        let query = parameters.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
        let body = "{" + parameters.map { "\"\($0.0)\":\"\($0.1)\"" }.joined(separator: ",") + "}"
        let hash = Hex.encode(SHA512.hash(data: Data(query.utf8)))
        let header = Self.base64URL(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        let claims =
            #"{"access_key":"\#(accessKey)","nonce":"\#(nonce)-\#(UInt64.random(in: 0...UInt64.max))","#
            + #""query_hash":"\#(hash)","query_hash_alg":"SHA512"}"#
        let signing = header + "." + Self.base64URL(Data(claims.utf8))
        let signature = Self.base64URL(Data(HMAC<SHA256>.authenticationCode(for: Data(signing.utf8), using: secret)))
        return ByteBuffer(
            string: "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(signing).\(signature)\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
    }

    /// A token with no query hash, for the private WebSocket's handshake.
    func token() -> String {
        let header = Self.base64URL(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        let claims = #"{"access_key":"\#(accessKey)","nonce":"\#(UUID().uuidString)"}"#
        let signing = header + "." + Self.base64URL(Data(claims.utf8))
        let signature = Self.base64URL(Data(HMAC<SHA256>.authenticationCode(for: Data(signing.utf8), using: secret)))
        return signing + "." + signature
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
