import ArgumentParser
import BourseClient
import BourseCommandSupport
import BourseTUI
import Foundation

/// `bourse portfolio`: a signed-in user's balances and open orders full screen, with cancel and order entry,
/// and the market's trade tape with the user's own fills marked.
struct PortfolioCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "portfolio",
        abstract: "Show your balances and open orders full screen; cancel orders and place limit orders.",
        discussion: """
            Signs in as --user (the auction house's users are exchange accounts; `bourse user create` makes \
            one) with the password from $BOURSE_PASSWORD or asked without echo, and trades with that \
            session, as the web client does. The lists refresh every 2 seconds and at once when one of \
            your orders fills or ends; below them, the trade tape of --market marks your own fills \
            (◀ you bought, ◀ you sold), followed live over the private socket. Keys: ↑ ↓ or j k select an \
            open order, c cancels it, b and s start a buy or a sell in --market (type the price, Tab, the \
            amount, Enter places it, Esc drops it), r refreshes, q quits.
            """
    )

    @OptionGroup var connection: ServerOptions

    @Option(help: "Sign in as this user (password: $BOURSE_PASSWORD, or asked).")
    var user: String

    @Option(help: "The market new orders go to (default: KRW-BTC).")
    var market = "KRW-BTC"

    @Flag(help: "No colours.")
    var noColor = false

    func run() async throws {
        let address = try connection.address()
        guard RawTerminal.isAvailable else {
            Progress.line("bourse portfolio: needs a terminal")
            throw ExitCode.failure
        }
        let password = try ClientSignIn.password(for: user)
        try await address.withTransport { transport in
            let auctions = AuctionClient(baseURL: address.rest, transport: transport)
            try await ClientSignIn.signIn(
                auctions, user: user, password: password, command: "portfolio", server: address.rest)
            let token = auctions.token ?? ""
            let exchange = ExchangeClient(baseURL: address.rest, sessionToken: token, transport: transport)
            let quotation = QuotationClient(baseURL: address.rest, transport: transport)
            let market = market.uppercased()
            var loop = PortfolioLoop(
                exchange: exchange, quotation: quotation, stream: address.marketStream(),
                orders: address.orderStream(exchange, codes: []),
                state: PortfolioState(user: user, market: market), colour: !noColor)
            // The session ends with the screen: nothing is left signed in for 30 days after `q`.
            do {
                try await loop.run()
            } catch {
                try? await auctions.signOut()
                throw error
            }
            try? await auctions.signOut()
        }
    }
}
