import BourseWire
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BourseServer

/// The list rendition of photos: made with libgd from real JPEG and PNG bytes, turned as EXIF says, and
/// served at `?size=list` with its own ETag.
@Suite("Photo renditions")
struct PhotoRenditionTests {
    typealias R = PhotoRoutesTests

    static func isRed(_ colour: (Int, Int, Int)) -> Bool { colour.0 > 200 && colour.2 < 60 }
    static func isBlue(_ colour: (Int, Int, Int)) -> Bool { colour.2 > 200 && colour.0 < 60 }

    /// The rendition of `bytes`, decoded.
    static func shown(_ bytes: [UInt8]) throws -> (width: Int, height: Int, at: (Int, Int) -> (Int, Int, Int)) {
        let rendition = try #require(PhotoRendition.make(from: bytes))
        return try #require(TestImages.decode(rendition))
    }

    @Test func aLargeJPEGShrinksToFitTheLongerSide() throws {
        let bytes = TestImages.halves(width: 1_200, height: 800)
        let shown = try Self.shown(bytes)
        #expect((shown.width, shown.height) == (480, 320))
        #expect(Self.isRed(shown.at(10, 160)) && Self.isBlue(shown.at(470, 160)))
        #expect((PhotoRendition.make(from: bytes)?.count ?? .max) < bytes.count)
    }

    @Test func aPNGBecomesAJPEGAndIsNeverEnlarged() throws {
        let bytes = TestImages.halves(width: 160, height: 120, png: true)
        let rendition = try #require(PhotoRendition.make(from: bytes))
        #expect(ImageFormat(sniffing: rendition) == ImageFormat(kind: .jpeg, width: 160, height: 120))
    }

    @Test func theRenditionStandsAsTheCameraHeldIt() throws {
        let plain = TestImages.halves(width: 1_000, height: 500)
        // 6: shown a quarter turn clockwise, so the stored left (red) is at the top.
        let turned = try Self.shown(TestImages.withOrientation(plain, 6))
        #expect((turned.width, turned.height) == (240, 480))
        #expect(Self.isRed(turned.at(120, 10)) && Self.isBlue(turned.at(120, 470)))
        // 2: mirrored, so red is on the right.
        let flipped = try Self.shown(TestImages.withOrientation(plain, 2))
        #expect((flipped.width, flipped.height) == (480, 240))
        #expect(Self.isBlue(flipped.at(10, 120)) && Self.isRed(flipped.at(470, 120)))
    }

    @Test func bytesThatDoNotDecodeOrHaveTooManyPixelsOrScansGetNone() throws {
        #expect(PhotoRendition.make(from: R.png(width: 800, height: 600)) == nil)
        // A real JPEG whose header says 6,000 × 5,000: past the pixel limit, refused before any decoding.
        var large = TestImages.halves(width: 64, height: 64)
        let frame = try #require((2..<large.count - 8).first { large[$0] == 0xFF && large[$0 + 1] == 0xC0 })
        large.replaceSubrange((frame + 5)..<(frame + 9), with: [0x13, 0x88, 0x17, 0x70])
        #expect(ImageFormat(sniffing: large) == ImageFormat(kind: .jpeg, width: 6_000, height: 5_000))
        #expect(PhotoRendition.make(from: large) == nil)
        // 101 start-of-scan markers (in a comment segment, where only counting sees them): too many scans.
        let plain = TestImages.halves(width: 600, height: 400)
        let comment = [UInt8](repeating: 0, count: 2) + Array(repeating: [0xFF, 0xDA], count: 101).flatMap { $0 }
        let crafted =
            Array(plain.prefix(2)) + [0xFF, 0xFE, UInt8((comment.count + 2) >> 8), UInt8((comment.count + 2) & 0xFF)]
            + comment + plain.dropFirst(2)
        #expect(PhotoRendition.scans(in: crafted) > PhotoRendition.scanLimit)
        #expect(PhotoRendition.make(from: crafted) == nil)
        #expect(PhotoRendition.make(from: plain) != nil)
    }

    @Test func listsGetTheRenditionAtSizeListWithItsOwnETag() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("renditions-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await ServerHarness.with(
            steps: 0,
            configure: {
                $0.signIn.passwordCost = 4
                $0.photoDirectory = directory
            }
        ) { harness in
            try await Application(router: harness.router).test(.router) { client in
                try await Self.renditionRoutes(client, harness, directory)
            }
        }
    }

    static func renditionRoutes(
        _ client: any TestClientProtocol, _ harness: ServerHarness, _ directory: String
    )
        async throws
    {
        do {
            let token = try await R.signIn(client)
            let large = TestImages.halves(width: 1_600, height: 1_200)
            let small = TestImages.halves(width: 300, height: 200)
            let header = R.png(width: 900, height: 900)
            let response = try await R.upload(
                client, token: token, [("a.jpg", large), ("b.jpg", small), ("c.png", header)])
            #expect(response.status == .created)
            let photos = try #require(try SignInRoutesTests.object(response)["photos"] as? [[String: Any]])
            let lists = try photos.map { try #require($0["list_url"] as? String) }
            let url = try #require(photos[0]["url"] as? String)
            #expect(lists[0] == "\(url)?size=list")

            // The large JPEG: a 480 × 360 JPEG, cached, with an ETag of its own that answers 304.
            let first = try await client.execute(uri: lists[0], method: .get)
            #expect(first.status == .ok)
            #expect(first.headers[.contentType] == "image/jpeg")
            let rendition = Array(first.body.readableBytesView)
            #expect(ImageFormat(sniffing: rendition) == ImageFormat(kind: .jpeg, width: 480, height: 360))
            let tag = try #require(first.headers[.eTag])
            let original = try await client.execute(uri: url, method: .get)
            #expect(Array(original.body.readableBytesView) == large)
            #expect(original.headers[.eTag] != tag)
            #expect(
                try await client.execute(uri: lists[0], method: .get, headers: [.ifNoneMatch: tag]).status
                    == .notModified)
            // Made once, then read from its file: the same bytes again.
            #expect(Array(try await client.execute(uri: lists[0], method: .get).body.readableBytesView) == rendition)
            let id = try #require(photos[0]["id"] as? Int)
            let stored = try #require(try await harness.store.photo(UInt64(id)))
            #expect(FileManager.default.fileExists(atPath: "\(directory)/\(stored.sha256).list480.jpg"))

            // A JPEG no larger than a rendition, and bytes libgd cannot decode: the photo itself.
            #expect(Array(try await client.execute(uri: lists[1], method: .get).body.readableBytesView) == small)
            let undecodable = try await client.execute(uri: lists[2], method: .get)
            #expect(undecodable.status == .ok && undecodable.headers[.contentType] == "image/png")
            #expect(Array(undecodable.body.readableBytesView) == header)

            // A phone's portrait photo (landscape pixels, EXIF 6) is described and rendered as shown.
            let portrait = TestImages.withOrientation(TestImages.halves(width: 1_000, height: 500), 6)
            let described = try #require(
                try SignInRoutesTests.object(try await R.upload(client, token: token, [("p.jpg", portrait)]))["photos"]
                    as? [[String: Any]])
            #expect(described.map { [$0["width"] as? Int, $0["height"] as? Int] } == [[500, 1_000]])
            let portraitList = try #require(described.first?["list_url"] as? String)
            let portraitRendition = try await client.execute(uri: portraitList, method: .get)
            #expect(
                ImageFormat(sniffing: Array(portraitRendition.body.readableBytesView))
                    == ImageFormat(kind: .jpeg, width: 240, height: 480))

            let wrong = try await client.execute(
                uri: lists[0].replacingOccurrences(of: "list", with: "huge"), method: .get)
            #expect(wrong.status == .badRequest)
            #expect(try SignInRoutesTests.errorName(wrong) == "invalid_parameter")
        }
    }
}
