import ArgumentParser
import BourseClient
import BourseCommandSupport
import BourseTUI
import Foundation

/// `bourse board`: the live market board, full screen.
struct BoardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "board",
        abstract: "Show the live market board full screen (quote tabs, sorting, search, favourites).",
        discussion: """
            Loads the markets and tickers over REST, then follows every ticker on one WebSocket, redrawing at \
            most --fps times a second. Keys: 1-4 tabs, p c v n sort, / search (초성 and Korean typed in English \
            work), f favourite, e Korean/English names, s stable order, l liquidity filter, arrows to select, \
            ? help, q quit. Favourites are kept in client.sqlite in $BOURSE_CLIENT_DATA (default ~/.local/share/bourse). \
            With --user, a sets an alert on the selected market (a price; Tab for a change in % or a 24 h value) \
            and A lists your alerts (x twice deletes one); the server fires each once, and the status line says so. \
            The password comes from $BOURSE_PASSWORD or is asked without echo.
            """
    )

    @OptionGroup var connection: ServerOptions

    @Option(help: "Sign in as this user to set alerts (password: $BOURSE_PASSWORD, or asked).")
    var user: String?

    @Option(help: "Redraws per second at most.")
    var fps: Int = 10

    @Flag(help: "No colours.")
    var noColor = false

    func validate() throws {
        guard (1...60).contains(fps) else { throw ValidationError("--fps must be between 1 and 60.") }
    }

    func run() async throws {
        let address = try connection.address()
        guard RawTerminal.isAvailable else {
            Progress.line("bourse board: needs a terminal (use `bourse ticker` in scripts)")
            throw ExitCode.failure
        }
        let password = try user.map(ClientSignIn.password(for:))
        let (markets, tickers) = try await address.withQuotation { quotation in
            do {
                let markets = try await quotation.markets()
                let quotes = Array(Set(markets.map { String($0.quote) })).sorted()
                return (markets, try await quotation.tickers(quotes: quotes))
            } catch {
                Progress.line(
                    "bourse board: could not load the markets from \(address.rest.absoluteString): \(FailureText.of(error))"
                )
                throw ExitCode.failure
            }
        }
        let cache: ClientCache
        do {
            cache = try ClientData.open()
        } catch {
            Progress.line("bourse board: could not open the client data (favourites): \(error)")
            throw ExitCode.failure
        }
        var board = MarketBoard(
            markets: markets, favourites: (try? cache.favourites()) ?? [],
            settings: BoardSettings(sort: BoardSort(.tradedValue, .descending)))
        for ticker in tickers { board.apply(ticker) }
        let feed = BoardFeed(board: board)
        let stream = address.marketStream()
        try await address.withTransport { transport in
            var alerts: BoardAlertsLink?
            if let user, let password {
                let client = AuctionClient(baseURL: address.rest, transport: transport)
                try await ClientSignIn.signIn(
                    client, user: user, password: password, command: "board", server: address.rest)
                alerts = BoardAlertsLink(client: client, stream: AuctionStream(client: client))
            }
            try await run(feed: feed, stream: stream, markets: markets, address: address, cache: cache, alerts: alerts)
        }
    }

    private func run(
        feed: BoardFeed, stream: MarketStream, markets: [BoardMarket], address: ServerAddress, cache: ClientCache,
        alerts: BoardAlertsLink?
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await stream.run() }
            if let alerts { group.addTask { await alerts.run() } }
            group.addTask {
                for await ticker in stream.tickers(markets.map(\.code)) { feed.absorb(ticker) }
            }
            group.addTask {
                let colour = !noColor
                try await BoardLoop(
                    feed: feed, stream: stream, alerts: alerts, fps: fps, colour: colour,
                    openMarket: { code, terminal in
                        guard let market = markets.first(where: { $0.code == code }) else { return false }
                        return await MarketCommand.open(
                            market, from: address, cache: cache, colour: colour, in: terminal)
                    }
                ).run(cache: cache)
            }
            // The loop ends on `q`; the others then stop.
            try await group.next()
            group.cancelAll()
        }
    }
}
