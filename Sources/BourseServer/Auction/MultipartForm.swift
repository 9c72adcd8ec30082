import HTTPTypes
import Hummingbird
import MultipartKit
import NIOCore

/// The parts of a `multipart/form-data` body, parsed by multipart-kit as the body streams in, with limits
/// checked as bytes arrive: a client sending an oversized photo is answered as soon as it passes the limit,
/// not after the server has held all of it.
struct MultipartForm {
    /// One part: a field or a file.
    struct Part {
        var name: String
        var filename: String?
        var bytes: [UInt8]
    }

    /// What a form may hold.
    struct Limits {
        /// Bytes of one file part.
        var fileBytes = 10 << 20
        /// Bytes of one field that is not a file.
        var fieldBytes = 16 << 10
        /// File parts.
        var files = 10
        /// Parts of any kind.
        var parts = 40
    }

    var parts: [Part] = []

    /// The fields' values by name (the last one of a repeated name).
    var fields: [String: String] {
        var fields: [String: String] = [:]
        for part in parts where part.filename == nil { fields[part.name] = String(decoding: part.bytes, as: UTF8.self) }
        return fields
    }

    /// The file parts named `name`, in the order sent.
    func files(named name: String) -> [Part] { parts.filter { $0.name == name && $0.filename != nil } }

    /// Reads `request`'s body, which must be `multipart/form-data` within `limits`.
    static func read(_ request: Request, limits: Limits) async throws -> MultipartForm {
        guard let type = request.headers[.contentType], let boundary = boundary(of: type) else {
            throw AuctionError.invalidParameter("The body must be multipart/form-data with a boundary.")
        }
        let parser = MultipartParser(boundary: boundary)
        var form = MultipartForm()
        var headers: [String: String] = [:]
        var current: [UInt8] = []
        var failure: AuctionError?
        var files = 0
        parser.onHeader = { name, value in headers[name.lowercased()] = value }
        parser.onBody = { buffer in
            guard failure == nil else { return }
            let isFile = disposition(headers["content-disposition"]).filename != nil
            let limit = isFile ? limits.fileBytes : limits.fieldBytes
            if current.count + buffer.readableBytes > limit {
                failure = AuctionError(
                    status: .contentTooLarge, name: "payload_too_large",
                    message: isFile
                        ? "A photo may have at most \(limits.fileBytes >> 20) MiB."
                        : "A form field may have at most \(limits.fieldBytes >> 10) KiB.")
                return
            }
            current += buffer.readableBytesView
        }
        parser.onPartComplete = {
            defer {
                headers = [:]
                current = []
            }
            guard failure == nil else { return }
            let (name, filename) = disposition(headers["content-disposition"])
            guard let name else {
                failure = .invalidParameter("Every part needs a Content-Disposition with a name.")
                return
            }
            if filename != nil { files += 1 }
            if files > limits.files {
                failure = .invalidParameter("At most \(limits.files) photos.")
                return
            }
            if form.parts.count >= limits.parts {
                failure = .invalidParameter("At most \(limits.parts) form parts.")
                return
            }
            form.parts.append(Part(name: name, filename: filename, bytes: current))
        }
        for try await chunk in request.body {
            do {
                try parser.execute(chunk)
            } catch {
                throw AuctionError.invalidParameter("The multipart body is malformed.")
            }
            if let failure { throw failure }
        }
        if let failure { throw failure }
        return form
    }

    /// The boundary of a `multipart/form-data` content type, quoted or not.
    static func boundary(of contentType: String) -> String? {
        let fields = contentType.split(separator: ";").map { $0.drop(while: { $0 == " " }) }
        guard fields.first?.lowercased() == "multipart/form-data" else { return nil }
        for field in fields.dropFirst() where field.lowercased().hasPrefix("boundary=") {
            var value = field.dropFirst("boundary=".count)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
            return value.isEmpty || value.count > 70 ? nil : String(value)
        }
        return nil
    }

    /// `name` and `filename` of a `Content-Disposition: form-data; name="…"; filename="…"` value.
    static func disposition(_ value: String?) -> (name: String?, filename: String?) {
        guard let value else { return (nil, nil) }
        var name: String?
        var filename: String?
        for field in value.split(separator: ";").map({ $0.drop(while: { $0 == " " }) }) {
            let pair = field.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            var text = pair[1]
            if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = text.dropFirst().dropLast() }
            switch pair[0].lowercased() {
            case "name": name = String(text)
            case "filename": filename = String(text)
            default: break
            }
        }
        return (name, filename)
    }
}
