import Logging
import Synchronization

/// Keeps every log event at or above `minimum`, as `level: message` lines: what tests of the server's log
/// read (no error-level flood from refused requests; the notifier's warnings).
final class LogRecorder: Sendable {
    let minimum: Logger.Level
    let lines = Mutex<[String]>([])

    init(minimum: Logger.Level) { self.minimum = minimum }

    struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            guard event.level >= recorder.minimum else { return }
            recorder.lines.withLock { $0.append("\(event.level): \(event.message)") }
        }
    }

    /// A logger writing here.
    func logger(label: String) -> Logger { Logger(label: label) { _ in Handler(recorder: self) } }

    /// Waits (up to 5 s) for a line containing `text`.
    func waitFor(_ text: String) async throws -> Bool {
        for _ in 0..<500 {
            if lines.withLock({ $0.contains { $0.contains(text) } }) { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return false
    }
}
