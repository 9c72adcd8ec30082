import BourseClient
import BourseCommandSupport
import Foundation

/// Where the terminal client keeps its ``ClientCache`` (favourites, candles): `client.sqlite` in
/// `$BOURSE_CLIENT_DATA`, or `~/.local/share/bourse`.
enum ClientData {
    static func open() throws -> ClientCache {
        let directory =
            Settings.environment().string("clientData")
            ?? ((ProcessInfo.processInfo.environment["HOME"] ?? NSTemporaryDirectory()) + "/.local/share/bourse")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return try ClientCache(path: directory + "/client.sqlite")
    }
}
