import Foundation

/// Favourites kept between runs of the terminal client: one market code per line in
/// `$BOURSE_FAVOURITES`, or `~/.local/share/bourse/favourites`.
struct FavouritesFile {
    let url: URL

    init(path: String? = ProcessInfo.processInfo.environment["BOURSE_FAVOURITES"]) {
        if let path, !path.isEmpty {
            url = URL(fileURLWithPath: path)
        } else {
            let home = ProcessInfo.processInfo.environment["HOME"] ?? NSTemporaryDirectory()
            url = URL(fileURLWithPath: home).appendingPathComponent(".local/share/bourse/favourites")
        }
    }

    /// The saved codes (none if the file does not exist yet).
    func load() -> Set<String> {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return Set(text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty })
    }

    /// Saves `codes` (sorted), creating the directory if needed.
    func save(_ codes: Set<String>) throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((codes.sorted().joined(separator: "\n") + "\n").utf8).write(to: url, options: .atomic)
    }
}
