import BourseCore
import BourseStore
import BourseWire
import HTTPTypes
import Hummingbird
import NIOCore

/// The auction API's JSON bodies, in and out.
enum AuctionJSON {
    /// The largest JSON body the auction's JSON routes read.
    static let maximumBodyBytes = 16 * 1_024

    static func response(_ body: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json;charset=UTF-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// The request's JSON object, or `invalid_parameter` saying what is wrong with it.
    static func object(of request: Request) async throws -> JSONValue {
        // The types a page of another site can post with a plain HTML form, without the preflight that
        // CORS refuses: a JSON body sent as one of them (a form trick signing a browser into someone
        // else's account, say) is refused. Programs send application/json or nothing.
        let type = request.headers[.contentType]?.lowercased() ?? ""
        if ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"].contains(where: type.hasPrefix) {
            throw AuctionError.invalidParameter("Send the body as application/json.")
        }
        var request = request
        let body = try await request.collectBody(upTo: maximumBodyBytes)
        guard body.readableBytes > 0 else { throw AuctionError.invalidParameter("The request has no JSON body.") }
        guard let value = try? JSONValue(parsing: Array(body.readableBytesView)), value.members != nil else {
            throw AuctionError.invalidParameter("The body is not a JSON object.")
        }
        return value
    }

    /// The string member `key` of `object`, or `invalid_parameter` naming it.
    static func string(_ key: String, in object: JSONValue) throws -> String {
        guard let value = object[key]?.stringValue else {
            throw AuctionError.invalidParameter("\(key) is missing or not a string.")
        }
        return value
    }

    /// `"2026-11-26T17:30:00+09:00"` and its `_ms` twin, under `key`.
    static func time(_ key: StaticString, _ msKey: StaticString, _ time: Timestamp, into writer: inout JSONWriter) {
        writer.key(key)
        writer.string(UTCDateTime(time, offsetMilliseconds: 9 * 3_600_000), .dateTimeKST)
        writer.key(msKey)
        writer.integer(time.milliseconds)
    }

    /// A user as the auction API shows it to themselves.
    static func user(_ account: AccountRecord) -> [UInt8] {
        var writer = JSONWriter()
        writeUser(account, into: &writer)
        return writer.bytes
    }

    /// `GET /me`'s answer: the user, and the session's CSRF token, which a page reloaded after sign-in
    /// needs again and cannot read from the `HttpOnly` cookie.
    /// `GET /me`: the user, the CSRF token, and whether they are an admin (chat moderation, issue #19).
    static func me(_ account: AccountRecord, csrf: String, admin: Bool) -> [UInt8] {
        var writer = JSONWriter()
        writeUser(account, csrf: csrf, admin: admin, into: &writer)
        return writer.bytes
    }

    static func writeUser(
        _ account: AccountRecord, csrf: String? = nil, admin: Bool? = nil, into writer: inout JSONWriter
    ) {
        writer.beginObject()
        writer.key("id")
        writer.integer(Int64(account.id.rawValue))
        writer.key("username")
        writer.string(account.name)
        time("created_at", "created_at_ms", account.createdAt, into: &writer)
        if let csrf {
            writer.key("csrf_token")
            writer.string(csrf)
        }
        if let admin {
            writer.key("admin")
            writer.bool(admin)
        }
        writer.endObject()
    }

    /// `POST /sessions`'s answer: the token, its expiry, the CSRF token for cookie use, and the user.
    static func session(token: String, csrf: String, expires: Timestamp, account: AccountRecord) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("token")
        writer.string(token)
        time("expires_at", "expires_at_ms", expires, into: &writer)
        writer.key("csrf_token")
        writer.string(csrf)
        writer.key("user")
        writeUser(account, into: &writer)
        writer.endObject()
        return writer.bytes
    }
}
