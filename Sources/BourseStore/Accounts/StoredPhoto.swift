public import BourseCore

/// A photo as the store keeps it: who uploaded it and what its bytes are. The bytes themselves live in a
/// file named by ``sha256`` under the data directory; the store holds only this description.
public struct StoredPhoto: Hashable, Sendable {
    /// The store's id (from 1 up), what listings and URLs name the photo by.
    public var id: UInt64
    /// The account that uploaded it.
    public var owner: AccountID
    /// `image/jpeg`, `image/png` or `image/webp`, as read from the bytes.
    public var contentType: String
    /// Pixel width as shown: for a JPEG whose EXIF orientation turns it a quarter, its stored height.
    public var width: Int
    /// Pixel height as shown.
    public var height: Int
    /// The size of the file in bytes.
    public var byteCount: Int
    /// The SHA-256 of the bytes in lower-case hex: the file's name and the response's ETag.
    public var sha256: String
    /// When it was uploaded.
    public var createdAt: Timestamp

    /// A stored photo.
    public init(
        id: UInt64, owner: AccountID, contentType: String, width: Int, height: Int, byteCount: Int, sha256: String,
        createdAt: Timestamp
    ) {
        self.id = id
        self.owner = owner
        self.contentType = contentType
        self.width = width
        self.height = height
        self.byteCount = byteCount
        self.sha256 = sha256
        self.createdAt = createdAt
    }
}

/// Where photo descriptions live, beside accounts. Every ``Store`` is one.
public protocol PhotoStore: Sendable {
    /// Stores `photo` under the next id (its own ``StoredPhoto/id`` is ignored) and returns it with that id.
    func savePhoto(_ photo: StoredPhoto) async throws -> StoredPhoto
    /// The photo `id`.
    func photo(_ id: UInt64) async throws -> StoredPhoto?
    /// The bytes of every photo `owner` uploaded, counted once per upload: what their quota counts.
    func photoBytes(of owner: AccountID) async throws -> Int
}
