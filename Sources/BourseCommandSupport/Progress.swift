import Foundation

/// Progress lines on standard error, so standard output keeps only a command's result.
public enum Progress {
    /// Writes `text` and a newline to standard error.
    public static func line(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
