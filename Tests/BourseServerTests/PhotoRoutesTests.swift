import BourseServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Photo upload and serving through the real routes: type read from the bytes, limits, caching.
@Suite("Auction photos")
struct PhotoRoutesTests {
    typealias S = SignInRoutesTests

    /// A PNG header of `width` × `height` (enough for the type check; photos are not decoded).
    static func png(width: UInt32, height: UInt32, padding: Int = 64) -> [UInt8] {
        func be(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(value >> $0 & 0xFF) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + be(width)
            + be(height) + [8, 6, 0, 0, 0] + [UInt8](repeating: 7, count: padding)
    }

    /// A multipart body of `files` (parts named `photos`) and `fields`.
    static func multipart(_ files: [(String, [UInt8])], fields: [(String, String)] = []) -> (String, ByteBuffer) {
        let boundary = "bourse-\(UUID().uuidString)"
        var body = ByteBuffer()
        for (name, value) in fields {
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n")
        }
        for (filename, bytes) in files {
            body.writeString(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"photos\"; filename=\"\(filename)\"\r\n"
                    + "Content-Type: image/jpeg\r\n\r\n")
            body.writeBytes(bytes)
            body.writeString("\r\n")
        }
        body.writeString("--\(boundary)--\r\n")
        return ("multipart/form-data; boundary=\(boundary)", body)
    }

    static func signIn(_ client: any TestClientProtocol) async throws -> String {
        _ = try await S.post(client, "/auction/v1/users", S.credentials)
        return try #require(
            try S.object(try await S.post(client, "/auction/v1/sessions", S.credentials))["token"] as? String)
    }

    static func upload(
        _ client: any TestClientProtocol, token: String?, _ files: [(String, [UInt8])]
    ) async throws -> TestResponse {
        let (type, body) = multipart(files)
        var headers: HTTPFields = [.contentType: type]
        if let token { headers[.authorization] = "Bearer \(token)" }
        return try await client.execute(uri: "/auction/v1/photos", method: .post, headers: headers, body: body)
    }

    @Test func uploadedPhotosAreServedWithTheirTypeAndCachedForever() async throws {
        try await S.with { _, client in
            let token = try await Self.signIn(client)
            let first = Self.png(width: 800, height: 600)
            // The file name and declared type say JPEG; the bytes are a PNG, and that is what counts.
            let response = try await Self.upload(
                client, token: token, [("cat.jpg", first), ("b.png", Self.png(width: 64, height: 48))])
            #expect(response.status == .created)
            let photos = try #require(try S.object(response)["photos"] as? [[String: Any]])
            #expect(photos.map { $0["width"] as? Int } == [800, 64])
            #expect(photos.map { $0["content_type"] as? String } == ["image/png", "image/png"])
            let url = try #require(photos[0]["url"] as? String)

            let served = try await client.execute(uri: url, method: .get)
            #expect(served.status == .ok)
            #expect(Array(served.body.readableBytesView) == first)
            #expect(served.headers[.contentType] == "image/png")
            #expect(served.headers[.cacheControl]?.contains("immutable") == true)
            let etag = try #require(served.headers[.eTag])
            let again = try await client.execute(uri: url, method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
            #expect(try await client.execute(uri: "/auction/v1/photos/999", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/auction/v1/photos/x", method: .get).status == .notFound)
        }
    }

    @Test func badUploadsGetClearErrors() async throws {
        try await S.with { _, client in
            let token = try await Self.signIn(client)
            #expect(
                try await Self.upload(client, token: nil, [("a.png", Self.png(width: 1, height: 1))]).status
                    == .unauthorized)

            let gif = try await Self.upload(
                client, token: token, [("a.png", Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 40))])
            #expect(gif.status == .badRequest)
            #expect(try S.errorName(gif) == "invalid_parameter")
            #expect(
                (try S.object(gif)["error"] as? [String: Any])?["message"] as? String
                    == "Photo 1 is not a JPEG, PNG or WebP image.")

            let eleven = (0..<11).map { ("p\($0).png", Self.png(width: 10, height: 10)) }
            let tooMany = try await Self.upload(client, token: token, eleven)
            #expect(tooMany.status == .badRequest)

            let huge = try await Self.upload(
                client, token: token, [("big.png", Self.png(width: 10, height: 10, padding: 11 << 20))])
            #expect(huge.status == .contentTooLarge)
            #expect(try S.errorName(huge) == "payload_too_large")

            let none = try await Self.upload(client, token: token, [])
            #expect(none.status == .badRequest)
            let json = try await client.execute(
                uri: "/auction/v1/photos", method: .post,
                headers: [.authorization: "Bearer \(token)", .contentType: "application/json"],
                body: ByteBuffer(string: "{}"))
            #expect(json.status == .badRequest)
        }
    }
}
