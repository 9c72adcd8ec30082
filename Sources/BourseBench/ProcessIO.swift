import Foundation

/// This process's I/O counters from `/proc/self/io` (Linux), for benchmarks that report bytes written per
/// command: a figure that does not depend on how fast the machine is, unlike a rate.
struct ProcessIO: Equatable {
    /// Bytes passed to `write`-family system calls (`wchar`): what the process asked to write, page cache
    /// or not, the same on any file system.
    var writtenBytes: Int64
    /// Bytes the process caused to be sent to the storage layer (`write_bytes`), counted when page-cache
    /// pages are dirtied; zero on file systems without a disk behind them (tmpfs).
    var storageBytes: Int64

    /// The counters now, or zeros where `/proc/self/io` cannot be read.
    static func now() -> ProcessIO {
        guard let text = try? String(contentsOfFile: "/proc/self/io", encoding: .utf8) else {
            return ProcessIO(writtenBytes: 0, storageBytes: 0)
        }
        var fields: [Substring: Int64] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { fields[parts[0]] = Int64(parts[1].trimmingCharacters(in: .whitespaces)) }
        }
        return ProcessIO(writtenBytes: fields["wchar"] ?? 0, storageBytes: fields["write_bytes"] ?? 0)
    }

    /// The counts from `earlier` to `self`.
    func since(_ earlier: ProcessIO) -> ProcessIO {
        ProcessIO(writtenBytes: writtenBytes - earlier.writtenBytes, storageBytes: storageBytes - earlier.storageBytes)
    }
}
