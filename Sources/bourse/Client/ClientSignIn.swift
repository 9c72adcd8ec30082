import ArgumentParser
import BourseClient
import BourseCommandSupport
import Foundation

/// How the terminal commands that act for a user (`auctions`, `portfolio`) sign in: the password from
/// `$BOURSE_PASSWORD` (for scripts and tests) or asked without echo, and a refusal said in words before
/// the command ends, so no full-screen view opens for someone who is not signed in.
enum ClientSignIn {
    static func password(for user: String) throws -> String {
        try ProcessInfo.processInfo.environment["BOURSE_PASSWORD"]
            ?? UserCommand.PasswordOptions.prompt("Password for \(user): ")
    }

    /// Signs `client` in as `user`, or prints why (`command` names the command) and fails.
    static func signIn(
        _ client: AuctionClient, user: String, password: String, command: String, server: URL
    ) async throws {
        do {
            try await client.signIn(username: user, password: password)
        } catch {
            let reason = AuctionsFeed.readable(error)
            Progress.line("bourse \(command): could not sign in to \(server.absoluteString) as \(user): \(reason)")
            throw ExitCode.failure
        }
    }
}
