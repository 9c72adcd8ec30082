import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A progress bar on standard error: redrawn in place on a terminal, a line per 10 % otherwise (logs).
final class ProgressBar: @unchecked Sendable {
    private let title: String
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private let lock = NSLock()
    private var lastShown = -1

    init(title: String) {
        self.title = title
    }

    /// Shows `done` of `total`.
    func update(_ done: Int, of total: Int) {
        let percent = total > 0 ? min(done * 100 / total, 100) : 100
        lock.lock()
        defer { lock.unlock() }
        if isTerminal {
            guard percent != lastShown else { return }
            let width = 30
            let filled = percent * width / 100
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            write("\r\(title) \(bar) \(percent)% (\(done)/\(total) steps)")
        } else {
            guard percent / 10 != lastShown / 10 || lastShown < 0 else { return }
            write("\(title): \(percent)% (\(done)/\(total) steps)\n")
        }
        lastShown = percent
    }

    /// Ends the bar with `note`.
    func finish(_ note: String) {
        lock.lock()
        defer { lock.unlock() }
        write(isTerminal ? "\n\(title): \(note)\n" : "\(title): \(note)\n")
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
