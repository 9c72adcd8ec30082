import BourseCore
import BourseStore
import BourseWire
import HTTPTypes
import Hummingbird
import NIOCore

/// `POST /auction/v1/photos` (signed in: multipart `photos`, 1–10 files) and `GET /auction/v1/photos/{id}`.
///
/// Upload is an extension of the contract for clients that send photos ahead of the listing form (the
/// web client shows them while the seller types); `POST /items` takes the same parts. Photos are public
/// and never change, so they are served with their SHA-256 as ETag and a year of immutable caching.
struct PhotoController: Sendable {
    let library: PhotoLibrary
    let store: any Store
    let clock: @Sendable () -> Timestamp

    func addRoutes(to router: Router<BourseRequestContext>) {
        let group = router.group("auction/v1").add(middleware: AuctionErrorMiddleware())
        group.get("photos/{id}") { request, context in try await serve(request, context) }
        group.group().add(middleware: AuctionAuthentication(store: store, clock: clock))
            .post("photos") { request, context in try await upload(request, context) }
    }

    private func upload(_ request: Request, _ context: BourseRequestContext) async throws -> Response {
        guard let user = context.auctionUser else { throw AuctionError.unauthorized }
        let form = try await MultipartForm.read(request, limits: MultipartForm.Limits())
        let files = form.files(named: "photos")
        guard !files.isEmpty else { throw AuctionError.invalidParameter("Send 1 to 10 files in parts named photos.") }
        try await library.checkQuota(of: user.account.id, adding: files.reduce(0) { $0 + $1.bytes.count })
        var photos: [StoredPhoto] = []
        for (index, file) in files.enumerated() {
            photos.append(try await library.save(file.bytes, number: index + 1, owner: user.account.id, at: clock()))
        }
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("photos")
        writer.beginArray()
        for photo in photos { Self.write(photo, into: &writer) }
        writer.endArray()
        writer.endObject()
        return AuctionJSON.response(writer.bytes, status: .created)
    }

    /// The photo, or with `?size=list` its list rendition (``PhotoLibrary/listRendition(of:logger:)``): a JPEG
    /// at most 480 pixels a side, or the photo itself where it needs none. Each has its own ETag. Where lists
    /// get the photo itself only for now (it did not decode, or too many renditions wait), that answer is not
    /// cached, so a browser asks again rather than keeping it for a year under the rendition's URL.
    private func serve(_ request: Request, _ context: BourseRequestContext) async throws -> Response {
        guard let text = context.parameters.get("id"), let id = UInt64(text), let photo = try await store.photo(id)
        else { throw AuctionError(status: .notFound, name: "not_found", message: "No such photo.") }
        let wantsRendition: Bool
        switch request.uri.queryParameters.get("size") {
        case nil: wantsRendition = false
        case "list": wantsRendition = library.wantsListRendition(photo)
        default: throw AuctionError.invalidParameter("size must be list, or left out for the photo itself.")
        }
        let photoTag = "\"\(photo.sha256)\""
        let renditionTag = "\"\(photo.sha256).list\(PhotoRendition.side)\""
        var headers = HTTPFields()
        headers[.cacheControl] = "public, max-age=31536000, immutable"
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        let tag = wantsRendition ? renditionTag : photoTag
        if let match = request.headers[.ifNoneMatch],
            match.split(separator: ",").contains(where: {
                $0.drop(while: { $0 == " " }) == tag || $0.drop(while: { $0 == " " }) == "*"
            })
        {
            headers[.eTag] = tag
            headers[.contentType] = wantsRendition ? "image/jpeg" : photo.contentType
            return Response(status: .notModified, headers: headers)
        }
        if wantsRendition {
            if let rendition = try await library.listRendition(of: photo, logger: context.logger) {
                headers[.eTag] = renditionTag
                headers[.contentType] = "image/jpeg"
                return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: rendition)))
            }
            headers[.cacheControl] = "no-cache"
        }
        guard let bytes = try await library.bytes(of: photo) else {
            context.logger.error("photo file missing", metadata: ["bourse.photo": "\(photo.id)"])
            throw AuctionError(status: .notFound, name: "not_found", message: "The photo's file is missing.")
        }
        headers[.eTag] = photoTag
        headers[.contentType] = photo.contentType
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// `{"id":…,"url":"/auction/v1/photos/…","list_url":"…?size=list","width":…,"height":…}` (contract §5,
    /// with `list_url` and `content_type` added).
    static func write(_ photo: StoredPhoto, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("id")
        writer.integer(Int64(photo.id))
        writer.key("url")
        writer.string("/auction/v1/photos/\(photo.id)")
        // An extension of the contract: the smaller rendition that lists should show.
        writer.key("list_url")
        writer.string("/auction/v1/photos/\(photo.id)?size=list")
        writer.key("width")
        writer.integer(photo.width)
        writer.key("height")
        writer.integer(photo.height)
        writer.key("content_type")
        writer.string(photo.contentType)
        writer.endObject()
    }
}
