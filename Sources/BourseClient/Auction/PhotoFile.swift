public import Foundation

/// A photo to upload: its bytes as read from disk or the camera, and a filename.
///
/// The server decides the format from the bytes (JPEG, PNG or WebP), not from the name or the type.
public struct PhotoFile: Hashable, Sendable {
    /// The file's name, as the form sends it.
    public var filename: String
    /// The image's bytes.
    public var bytes: Data
    /// The declared type, `image/jpeg` unless given (the server checks the bytes instead).
    public var contentType: String

    /// A photo of `bytes` named `filename`.
    public init(filename: String, bytes: Data, contentType: String = "image/jpeg") {
        self.filename = filename
        self.bytes = bytes
        self.contentType = contentType
    }
}
