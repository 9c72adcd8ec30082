import Foundation

/// Standard input's lines as an async stream, read by a thread of their own (reading blocks).
enum StandardInputLines {
    static func stream() -> AsyncStream<String> {
        AsyncStream { continuation in
            let reader = Thread {
                while let line = readLine(strippingNewline: true) { continuation.yield(line) }
                continuation.finish()
            }
            reader.start()
        }
    }
}
