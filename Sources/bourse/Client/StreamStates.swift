import ArgumentParser
import BourseClient
import BourseCommandSupport

/// What the commands that follow the public stream (`ticker`, `trades`) say about its connection on
/// standard error: a reconnect and its delay, and the states that end the command (a URL that cannot work,
/// a refused subscription).
enum StreamStates {
    /// Follows `stream`'s states until it ends or one ends `command` (thrown as a failure). `before` goes in
    /// front of each line (a newline, where the command rewrites a line in place); `connected` runs on every
    /// connection.
    static func report(
        _ stream: MarketStream, command: String, before: String = "", connected: () -> Void = {}
    ) async throws {
        for await state in stream.states() {
            switch state {
            case .waiting(let delay, let error):
                Progress.line("\(before)bourse \(command): \(error); reconnecting in \(delay)")
            case .connected:
                connected()
            case .failed(let reason):
                Progress.line("bourse \(command): \(reason)")
                throw ExitCode.failure
            case .refused(let error):
                // The server will not send these markets: say why and stop.
                Progress.line("bourse \(command): the server refused the subscription: \(error.name) \(error.message)")
                throw ExitCode.failure
            default: break
            }
        }
    }
}
