import ArgumentParser
import BourseClient
import BourseCommandSupport
import Foundation

/// `bourse auctions`: the auction house full screen: the live list, an item's detail, bidding.
struct AuctionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auctions",
        abstract: "Show the auction house full screen: live list with countdowns, item detail, bidding.",
        discussion: """
            The list shows a page of 15 open items with their price, bids, a countdown on the server's clock \
            (yellow under 5 minutes, red under 1), reserve, buy-now price and state. Keys: arrows or j k \
            select, ← → page, s sort (ending, newest, price, bids), Enter opens an item, Esc or Backspace \
            goes back, b bids (type your maximum, Enter confirms, Esc cancels), n buys now (y confirms), \
            w watches, r refreshes, q quits. Bidding needs --user; the password comes from $BOURSE_PASSWORD \
            or is asked without echo. Without --user the screens are read-only.
            """
    )

    @OptionGroup var connection: ServerOptions

    @Option(help: "Sign in as this user to bid, buy and watch (password: $BOURSE_PASSWORD, or asked).")
    var user: String?

    @Option(help: "Open this item's detail at once.")
    var item: Int64?

    @Flag(help: "No colours.")
    var noColor = false

    func run() async throws {
        let address = try connection.address()
        guard RawTerminal.isAvailable else {
            Progress.line("bourse auctions: needs a terminal")
            throw ExitCode.failure
        }
        let password = try user.map(ClientSignIn.password(for:))
        try await address.withTransport { transport in
            let client = AuctionClient(baseURL: address.rest, transport: transport)
            if let user, let password {
                try await ClientSignIn.signIn(
                    client, user: user, password: password, command: "auctions", server: address.rest)
            }
            // Made after the sign-in: the socket signs in with the client's token.
            let stream = AuctionStream(client: client)
            let feed = AuctionsFeed(client: client, stream: stream, signedIn: user != nil, item: item)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await feed.run() }
                group.addTask {
                    try await AuctionsLoop(feed: feed, user: user, item: item, colour: !noColor).run()
                }
                // The loop ends on `q`; the feed then stops.
                try await group.next()
                group.cancelAll()
            }
        }
    }
}
