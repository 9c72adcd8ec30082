import Foundation

/// A `multipart/form-data` body: text fields, then files, as a listing or a photo upload sends them.
struct MultipartForm {
    let boundary = "bourse-sdk-\(UUID().uuidString)"
    private(set) var body = Data()

    /// The `Content-Type` header naming the boundary.
    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    mutating func field(_ name: String, _ value: String) {
        append("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(name))\"\r\n\r\n")
        append(value)
        append("\r\n")
    }

    mutating func file(_ name: String, _ file: PhotoFile) {
        append(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(name))\"; "
                + "filename=\"\(Self.quoted(file.filename))\"\r\nContent-Type: \(file.contentType)\r\n\r\n")
        body.append(file.bytes)
        append("\r\n")
    }

    /// The body with its closing boundary.
    func finished() -> Data {
        var data = body
        data.append(Data("--\(boundary)--\r\n".utf8))
        return data
    }

    private mutating func append(_ text: String) { body.append(Data(text.utf8)) }

    /// A header parameter's value: quotes and line breaks would end it early, so they become escapes
    /// (what browsers send).
    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }
}
