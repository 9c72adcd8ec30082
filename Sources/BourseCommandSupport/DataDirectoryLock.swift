import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// An exclusive lock on a data directory (`bourse.lock`, `flock`), held by the process that writes its
/// journal: the journal has one writer, so a second `bourse serve`, `ingest` or `deposit` on the same
/// directory is refused with a sentence instead of interleaving commits. The kernel releases it when the
/// process ends, however it ends.
public final class DataDirectoryLock {
    private let descriptor: Int32

    /// Takes the lock of `directory` (created if missing), or throws saying which process holds it and,
    /// with `whileHeld`, what to do instead.
    public init(directory: String, purpose: String, whileHeld: String? = nil) throws {
        try DataDirectory.make(directory)
        let path = URL(fileURLWithPath: directory).appendingPathComponent("bourse.lock").path
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw CLIError("Cannot open \(path): \(String(cString: strerror(errno))).") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder =
                (try? String(contentsOfFile: path, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            // No `close` here: `deinit` runs when a class's initializer throws once every property is set,
            // and closing twice closed whatever descriptor the number had been given to meanwhile (a
            // socket of the server in the same process: NIO's selector asserted on its reuse).
            throw CLIError(
                "The data directory \(directory) is in use by another bourse process"
                    + (holder.isEmpty ? "" : " (\(holder))") + "; it has one writer at a time. "
                    + (whileHeld ?? "Stop that process first, or use another --data-dir."))
        }
        let note = "pid \(getpid()): \(purpose)\n"
        _ = ftruncate(descriptor, 0)
        _ = note.withCString { write(descriptor, $0, strlen($0)) }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// What holds the lock of `directory` now ("pid 123: bourse serve"), or nil when nothing does (or the
    /// directory has no lock file yet). Takes the lock for an instant to find out, never waits.
    public static func holder(of directory: String) -> String? {
        let path = URL(fileURLWithPath: directory).appendingPathComponent("bourse.lock").path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) != 0 else {
            flock(descriptor, LOCK_UN)
            return nil
        }
        let holder = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(
            in: .whitespacesAndNewlines)
        return holder?.isEmpty == false ? holder : "another bourse process"
    }
}
