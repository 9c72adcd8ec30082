import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// Gzip for the web client's text files, compressed once per file version and kept.
///
/// Hummingbird's `FileMiddleware` streams files as they are; the chart library alone is 196 KB and ~60 KB
/// gzipped, and a phone on a slow link feels the difference. Files change only when the server's `Web/`
/// does, so each is compressed the first time it is asked for (keyed by its path, size and modification
/// date, which `FileMiddleware` reports) and served from memory after that.
final class WebCompression: Sendable {
    /// Files larger than this are sent as they are (the cache holds only the client's own small files).
    static let maximumFileBytes = 4 << 20
    /// At most this many compressed files are kept; past it the cache starts again.
    static let maximumEntries = 128

    private struct Entry {
        let version: String
        let compressed: ByteBuffer
    }

    private let root: String
    private let entries = Mutex<[String: Entry]>([:])

    init(root: String) { self.root = root }

    /// Whether responses of this content type are worth compressing.
    static func isCompressible(_ contentType: String?) -> Bool {
        guard let type = contentType?.lowercased() else { return false }
        return type.hasPrefix("text/") || type.hasPrefix("application/json") || type.hasPrefix("image/svg")
    }

    /// `response` (a whole file, status 200, of `path` under the root) gzipped, or nil to send it as it is.
    func compressed(_ response: Response, path: String) -> Response? {
        guard response.status == .ok, Self.isCompressible(response.headers[.contentType]),
            let length = response.headers[.contentLength].flatMap(Int.init), length >= UpbitResponse.minimumGzipBytes,
            length <= Self.maximumFileBytes
        else { return nil }
        let version = "\(length) \(response.headers[.lastModified] ?? "")"
        let cached = entries.withLock { $0[path] }
        let body: ByteBuffer
        if let cached, cached.version == version {
            body = cached.compressed
        } else {
            guard let data = FileManager.default.contents(atPath: root + path), data.count == length else { return nil }
            var buffer = ByteBuffer(bytes: data)
            guard let compressed = try? buffer.compress(with: .gzip(), allocator: ByteBufferAllocator()) else {
                return nil
            }
            entries.withLock { entries in
                if entries.count >= Self.maximumEntries { entries.removeAll() }
                entries[path] = Entry(version: version, compressed: compressed)
            }
            body = compressed
        }
        var headers = response.headers
        headers[.contentEncoding] = "gzip"
        headers[.contentLength] = String(body.readableBytes)
        headers[.acceptRanges] = nil
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
    }
}
