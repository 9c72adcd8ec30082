import Foundation
import Synchronization

/// Writes JSON lines to standard output, one whole line per `write` call, from any task.
final class LineWriter: Sendable {
    private let lock = Mutex(LineWriter.makeEncoder())

    private static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }

    /// Writes `value` as one JSON line.
    func write(_ value: some Encodable) {
        lock.withLock { encoder in
            guard var data = try? encoder.encode(value) else { return }
            data.append(UInt8(ascii: "\n"))
            FileHandle.standardOutput.write(data)
        }
    }
}
