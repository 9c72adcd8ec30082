import Foundation

/// Where a data directory is made: with permissions for its owner only (0700). It holds password hashes,
/// sealed API secrets, the master key and every account's history; SQLite creates its files 0644, so the
/// directory is what keeps other local users out. An existing directory keeps the permissions it has.
public enum DataDirectory {
    /// Creates `path` (and missing parents; only the last gets 0700) unless it exists.
    public static func make(_ path: String) throws {
        guard !FileManager.default.fileExists(atPath: path) else { return }
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        } catch  where FileManager.default.fileExists(atPath: path) {
            // Made by another process meanwhile (`bourse account create` beside a starting server).
        }
    }
}
