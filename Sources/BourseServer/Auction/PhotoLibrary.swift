import BourseCore
import BourseStore
import BourseToolkit
import BourseWire
import Crypto
import Foundation
import Logging
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
    /// Makes the list renditions, one at a time and each once.
    let renditions = PhotoRenditions()

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
        // Stored as shown: a phone's portrait photo is landscape pixels that EXIF says to turn.
        let turned = format.kind == .jpeg && ImageOrientation(jpeg: bytes).swapsAxes
        return try await store.savePhoto(
            StoredPhoto(
                id: 0, owner: owner, contentType: format.kind.contentType, width: turned ? format.height : format.width,
                height: turned ? format.width : format.height,
                byteCount: bytes.count, sha256: sha256, createdAt: time))
    }

    /// The bytes of `photo`, read off the event loops; nil if its file is gone.
    func bytes(of photo: StoredPhoto) async throws -> [UInt8]? {
        try await read(directory + "/" + photo.sha256)
    }

    /// Whether lists should get a rendition of `photo` (``listRendition(of:logger:)``) rather than the photo
    /// itself: it is not a JPEG that small already, and not too large to decode.
    func wantsListRendition(_ photo: StoredPhoto) -> Bool {
        guard let format = Self.format(of: photo) else { return false }
        return !PhotoRendition.isSmallEnough(format) && format.width * format.height <= PhotoRendition.pixelLimit
    }

    /// The JPEG that lists show of `photo` (``PhotoRendition``): made on first asking, kept beside the photo
    /// as `<sha256>.list480.jpg` (the side in the name, so a later size is a new file), read from there
    /// afterwards. Nil when lists get the photo itself: it needs no rendition, cannot have one (its bytes do
    /// not decode, or its file is gone; logged once to `logger`), or too many wait to be made right now.
    func listRendition(of photo: StoredPhoto, logger: Logger) async throws -> [UInt8]? {
        guard wantsListRendition(photo) else { return nil }
        let path = directory + "/" + photo.sha256 + ".list\(PhotoRendition.side).jpg"
        if let made = try await read(path) { return made }
        let original = directory + "/" + photo.sha256
        return await renditions.rendition(of: photo.sha256) {
            // A thread of its own, not NIO's blocking pool: a slow decode must not hold up photo reads and
            // uploads, which share that pool's two threads.
            let made = await OwnThread.run { () -> [UInt8]? in
                FileManager.default.contents(atPath: original).flatMap { PhotoRendition.make(from: [UInt8]($0)) }
            }
            guard let made else {
                logger.notice(
                    "photo has no list rendition (its bytes do not decode, or its file is gone); lists show it whole",
                    metadata: ["bourse.photo": "\(photo.id)"])
                return .undecodable
            }
            do {
                try await NIOThreadPool.singleton.runIfActive {
                    try Data(made).write(to: URL(fileURLWithPath: path), options: .atomic)
                }
            } catch {
                // Served all the same; made again after a restart.
                logger.warning(
                    "could not keep a photo's list rendition",
                    metadata: ["bourse.photo": "\(photo.id)", "error": "\(error)"])
            }
            return .made(made)
        }
    }

    private func read(_ path: String) async throws -> [UInt8]? {
        try await NIOThreadPool.singleton.runIfActive {
            FileManager.default.contents(atPath: path).map { [UInt8]($0) }
        }
    }

    /// The format `photo` was stored with (its type from the bytes, its size from their header).
    private static func format(of photo: StoredPhoto) -> ImageFormat? {
        guard photo.contentType.hasPrefix("image/"),
            let kind = ImageFormat.Kind(rawValue: String(photo.contentType.dropFirst(6)))
        else { return nil }
        return ImageFormat(kind: kind, width: photo.width, height: photo.height)
    }
}

/// Makes list renditions one at a time (decoding holds up to ~250 MB, so two at once on a busy list page
/// would double it) and each photo's once: a second request for one being made waits for it, and a photo
/// whose bytes do not decode is not tried again by this process (a set of hashes, as many as there are
/// such photos). Past ``maximumWaiting`` renditions waiting, a request gets none now rather than waiting
/// behind all of them.
actor PhotoRenditions {
    /// What making a rendition came to.
    enum Outcome: Sendable {
        case made([UInt8])
        case undecodable
    }

    /// The most renditions waiting behind the one being made.
    static let maximumWaiting = 64

    private let queue = SerialTasks()
    private var making: [String: Task<Outcome, Never>] = [:]
    private var failed: Set<String> = []

    /// The rendition of the photo named `sha256`, made by `make` after every rendition asked for before it;
    /// nil if it does not decode or too many are waiting.
    func rendition(of sha256: String, make: @escaping @Sendable () async -> Outcome) async -> [UInt8]? {
        if failed.contains(sha256) { return nil }
        let task: Task<Outcome, Never>
        if let running = making[sha256] {
            task = running
        } else {
            guard making.count <= Self.maximumWaiting else { return nil }
            let queue = queue
            task = Task { (try? await queue.run(make)) ?? .undecodable }
            making[sha256] = task
        }
        let outcome = await task.value
        making[sha256] = nil
        switch outcome {
        case .made(let bytes): return bytes
        case .undecodable:
            failed.insert(sha256)
            return nil
        }
    }
}
