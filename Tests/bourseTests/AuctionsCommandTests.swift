import ArgumentParser
import Testing

@testable import bourse

@Suite("bourse auctions: options")
struct AuctionsCommandTests {
    @Test func userAndItemAreOptional() throws {
        let bare = try AuctionsCommand.parse([])
        #expect(bare.user == nil && bare.item == nil && !bare.noColor)
        let signedIn = try AuctionsCommand.parse(["--user", "mina", "--item", "12", "--server", "http://h:1"])
        #expect(signedIn.user == "mina" && signedIn.item == 12)
        #expect(try signedIn.connection.address().rest.absoluteString == "http://h:1")
        #expect(throws: (any Error).self) { try AuctionsCommand.parse(["--item", "twelve"]) }
    }

    @Test func itIsAmongTheCommands() {
        #expect(Bourse.configuration.subcommands.contains { $0 == AuctionsCommand.self })
    }
}
