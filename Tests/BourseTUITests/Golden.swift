import Foundation
import Testing

/// Golden frames: a screen's lines compared with a file under `Golden/` next to this source. With
/// `BOURSE_RECORD_GOLDEN=1` (or when the file is missing) the frame is written instead, to be looked at and
/// committed; escape characters are stored as `␛` so the files read as text.
enum Golden {
    static func check(_ frame: [String], _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Golden/\(name).txt")
        let text = frame.map { $0.replacingOccurrences(of: "\u{1B}", with: "␛") + "|" }.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["BOURSE_RECORD_GOLDEN"] == "1"
            || !FileManager.default.fileExists(atPath: url.path)
        {
            try Data(text.utf8).write(to: url)
            Issue.record("recorded \(url.lastPathComponent); look at it and run again", sourceLocation: sourceLocation)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(text == expected, "frame differs from \(url.lastPathComponent)", sourceLocation: sourceLocation)
    }
}
