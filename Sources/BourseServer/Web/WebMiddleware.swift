import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Serves the web client from a folder (`Web/` in the repository) for what no route answered: pages by
/// their paths (`/exchange/KRW-BTC` is `exchange.html`), everything else as the file at that path, with
/// Hummingbird's `FileMiddleware` (ETag, `If-None-Match`, ranges, content types), gzip for text files
/// (``WebCompression``) and the headers of ``WebHeaders``.
///
/// It runs only after the router found nothing, so the API's routes pay nothing for it; what it does not
/// have stays the API's 404 in Upbit's shape (``UpbitFallbackMiddleware`` sits outside it).
struct WebMiddleware: RouterMiddleware {
    typealias Context = BourseRequestContext

    let files: FileMiddleware<Context, LocalFileSystem>
    let compression: WebCompression

    init(root: String) {
        compression = WebCompression(root: root)
        files = FileMiddleware(
            root, cacheControl: WebHeaders.cacheControl, searchForIndexHtml: false,
            logger: Logger(label: "bourse.web")
        ).withAdditionalMediaTypes(forFileExtensions: ["mjs": .textJavascript, "webmanifest": .applicationJson])
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as any HTTPResponseError where error.status == .notFound {
            guard request.method == .get || request.method == .head else { throw error }
            // Checked as the file system will see it: decoded once, and with nothing left to decode, so
            // `/%2egit` is `/.git` here too.
            guard let decoded = request.uri.path.removingPercentEncoding else { throw HTTPError(.badRequest) }
            guard !WebPages.isAPI(decoded) else { throw error }
            let path = WebPages.file(for: decoded) ?? decoded
            guard WebPages.isServable(path) else { throw error }
            var head = request.head
            head.path = path
            let rewritten = Request(head: head, body: request.body)
            var response = try await files.handle(rewritten, context: context) { _, _ in throw error }
            // A folder's address answers a redirect to itself with a slash; the client has no folder pages.
            if [301, 302, 303, 307, 308].contains(response.status.code) { throw error }
            if request.method == .get, request.headers[.range] == nil, UpbitResponse.acceptsGzip(request),
                let compressed = compression.compressed(response, path: path)
            {
                response = compressed
            }
            response.headers[.vary] = "Accept-Encoding"
            WebHeaders.add(to: &response.headers, html: path.hasSuffix(".html"))
            return response
        }
    }
}
