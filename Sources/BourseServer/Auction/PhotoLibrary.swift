import BourseCore
import BourseStore
import BourseWire
import Crypto
import Foundation
import NIOPosix

/// Uploaded photos: each file named by the SHA-256 of its bytes in one directory (so the same photo twice
/// is one file, and a name can never be chosen by a client), described in the store.
///
/// A photo is accepted only if its bytes are a JPEG, PNG or WebP with a readable size (``ImageFormat``);
/// the name and content type the client declared are ignored. Files are written to a temporary name and
/// renamed, on NIO's blocking thread pool, so a reader never sees half a file and no event loop waits.
struct PhotoLibrary: Sendable {
    let directory: String
    let store: any Store
    /// The most bytes of photos one user may upload in all, so no one account can fill the disk.
    var quotaBytes = 256 << 20

    /// Refuses uploads of `adding` bytes that would take `owner` past ``quotaBytes``.
    func checkQuota(of owner: AccountID, adding: Int) async throws {
        let used = try await store.photoBytes(of: owner)
        guard used + adding <= quotaBytes else {
            throw AuctionError(
                status: .contentTooLarge, name: "quota_exceeded",
                message: "Your photos would take \(Self.megabytes(used + adding)) of the \(Self.megabytes(quotaBytes)) "
                    + "each user may upload.")
        }
    }

    private static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }

    /// Checks, writes and records `bytes`, uploaded by `owner`; `number` (from 1) names it in errors.
    func save(_ bytes: [UInt8], number: Int, owner: AccountID, at time: Timestamp) async throws -> StoredPhoto {
        guard let format = ImageFormat(sniffing: bytes) else {
            throw AuctionError.invalidParameter("Photo \(number) is not a JPEG, PNG or WebP image.")
        }
        guard format.width <= 20_000, format.height <= 20_000 else {
            throw AuctionError.invalidParameter("Photo \(number) is larger than 20,000 pixels on a side.")
        }
        let sha256 = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
        let path = directory + "/" + sha256
        try await NIOThreadPool.singleton.runIfActive {
            let files = FileManager.default
            if !files.fileExists(atPath: directory) {
                try files.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            if !files.fileExists(atPath: path) {
                try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
            }
        }
        return try await store.savePhoto(
            StoredPhoto(
                id: 0, owner: owner, contentType: format.kind.contentType, width: format.width, height: format.height,
                byteCount: bytes.count, sha256: sha256, createdAt: time))
    }

    /// The bytes of `photo`, read off the event loops; nil if its file is gone.
    func bytes(of photo: StoredPhoto) async throws -> [UInt8]? {
        let path = directory + "/" + photo.sha256
        return try await NIOThreadPool.singleton.runIfActive {
            FileManager.default.contents(atPath: path).map { [UInt8]($0) }
        }
    }
}
