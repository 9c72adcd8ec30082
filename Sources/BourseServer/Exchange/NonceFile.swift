import BourseCore
public import Foundation
import Synchronization

/// The REST nonces that authenticated requests used, kept in the data directory so that a restart does
/// not forget them: without it, a captured token refused as a replay was accepted again after a restart.
///
/// Each accepted request appends one record (time, access key, nonce) with a plain `write` before it is
/// answered, without `fsync`: a killed process loses nothing (the page cache keeps what was written), a
/// machine that loses power may forget the last few seconds of nonces. That is the trade: a sync per
/// request would cost more than the request. Two files alternate (`nonces-a.bin`, `nonces-b.bin`); the
/// writer switches to the other, emptied, once the current one is a whole window old, so together they
/// always hold at least the last window and at most two.
///
/// A record is `[time: Int64 LE][key length: 1][key][nonce length: UInt16 LE][nonce]` (``ByteWriter``); a
/// torn last record (a crash mid-write) is ignored on reading.
public final class NonceFile: Sendable {
    /// One remembered use.
    public struct Use: Sendable, Hashable {
        /// When, in milliseconds since 1970.
        public var milliseconds: Int64
        /// Whose key.
        public var accessKey: String
        /// The token's nonce.
        public var nonce: String
    }

    private struct State {
        var handle: FileHandle
        var current: Int
        var startedAt: Int64
    }

    private let paths: [URL]
    private let windowMilliseconds: Int64
    private let state: Mutex<State>

    /// Opens the files under `directory` and returns them with the uses of the last `windowMilliseconds`
    /// before `now` that they hold, oldest first.
    public static func open(
        in directory: URL, windowMilliseconds: Int64 = 600_000, now: Int64
    ) throws -> (NonceFile, [Use]) {
        let paths = ["nonces-a.bin", "nonces-b.bin"].map { directory.appendingPathComponent($0) }
        var uses: [Use] = []
        var newest: (index: Int, time: Int64) = (0, .min)
        for (index, path) in paths.enumerated() {
            guard let data = FileManager.default.contents(atPath: path.path) else { continue }
            let read = Self.decode(Array(data))
            if let first = read.first, first.milliseconds > newest.time { newest = (index, first.milliseconds) }
            uses += read
        }
        let live = uses.filter { $0.milliseconds > now - windowMilliseconds }.sorted {
            $0.milliseconds < $1.milliseconds
        }
        // Keep appending to the file that started last, if it is still within its window.
        let current = newest.time > now - windowMilliseconds ? newest.index : 0
        let startedAt = newest.time > now - windowMilliseconds ? newest.time : now
        let file = try NonceFile(
            paths: paths, windowMilliseconds: windowMilliseconds, current: current, startedAt: startedAt,
            truncate: current != newest.index || newest.time == .min)
        return (file, live)
    }

    private init(paths: [URL], windowMilliseconds: Int64, current: Int, startedAt: Int64, truncate: Bool) throws {
        self.paths = paths
        self.windowMilliseconds = windowMilliseconds
        let handle = try Self.handle(paths[current], truncate: truncate)
        state = Mutex(State(handle: handle, current: current, startedAt: startedAt))
    }

    /// Appends one use; a failure to write is reported to the caller, which may go on without it.
    public func record(_ use: Use) throws {
        // Access keys are ASCII made by `bourse keys create`; a longer one never authenticates.
        guard use.accessKey.utf8.count <= 255 else { return }
        var writer = ByteWriter(capacity: 64)
        writer.write(use.milliseconds)
        writer.writeShortText(use.accessKey)
        let nonce = use.nonce.utf8.prefix(Int(UInt16.max))
        writer.write(UInt16(nonce.count))
        writer.write(contentsOf: nonce)
        try state.withLock { state in
            if use.milliseconds - state.startedAt >= windowMilliseconds {
                // The other file's uses are now all older than a window: empty it and write there.
                try state.handle.close()
                state.current = 1 - state.current
                state.handle = try Self.handle(paths[state.current], truncate: true)
                state.startedAt = use.milliseconds
            }
            try state.handle.write(contentsOf: writer.bytes)
        }
    }

    /// Closes the file.
    public func close() {
        state.withLock { try? $0.handle.close() }
    }

    private static func handle(_ path: URL, truncate: Bool) throws -> FileHandle {
        if truncate || !FileManager.default.fileExists(atPath: path.path) {
            guard
                FileManager.default.createFile(atPath: path.path, contents: nil, attributes: [.posixPermissions: 0o600])
            else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path.path]) }
        }
        let handle = try FileHandle(forWritingTo: path)
        try handle.seekToEnd()
        return handle
    }

    static func decode(_ bytes: [UInt8]) -> [Use] {
        var uses: [Use] = []
        var reader = ByteReader(bytes)
        while !reader.isAtEnd {
            do {
                let time = try reader.read(Int64.self)
                let key = try reader.readShortText()
                let nonce = try reader.readBytes(Int(try reader.read(UInt16.self)))
                uses.append(Use(milliseconds: time, accessKey: key, nonce: String(decoding: nonce, as: UTF8.self)))
            } catch {
                break  // a torn last record
            }
        }
        return uses
    }
}
