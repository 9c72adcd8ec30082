import BourseClient
import Foundation

/// Where the terminal client keeps its ``ClientCache`` (favourites, candles): `client.sqlite` in
/// `$BOURSE_CLIENT_DATA`, or `~/.local/share/bourse`.
enum ClientData {
    static func open() throws -> ClientCache {
        let environment = ProcessInfo.processInfo.environment
        let directory =
            environment["BOURSE_CLIENT_DATA"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSTemporaryDirectory()) + "/.local/share/bourse")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return try ClientCache(path: directory + "/client.sqlite")
    }
}
