import ArgumentParser
import BourseClient
import BourseCommandSupport
import BourseTUI
import Foundation

/// `bourse portfolio`: a signed-in user's balances and open orders full screen, with cancel and order entry.
struct PortfolioCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "portfolio",
        abstract: "Show your balances and open orders full screen; cancel orders and place limit orders.",
        discussion: """
            Signs in as --user (the auction house's users are exchange accounts; `bourse user create` makes \
            one) with the password from $BOURSE_PASSWORD or asked without echo, and trades with that \
            session, as the web client does. The lists refresh every 2 seconds. Keys: ↑ ↓ or j k select an \
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
        let password =
            try ProcessInfo.processInfo.environment["BOURSE_PASSWORD"]
            ?? UserCommand.PasswordOptions.prompt("Password for \(user): ")
        try await address.withTransport { transport in
            let auctions = AuctionClient(baseURL: address.rest, transport: transport)
            let token: String
            do {
                try await auctions.signIn(username: user, password: password)
                token = auctions.token ?? ""
            } catch {
                let reason = AuctionsFeed.readable(error)
                Progress.line(
                    "bourse portfolio: could not sign in to \(address.rest.absoluteString) as \(user): \(reason)")
                throw ExitCode.failure
            }
            let exchange = ExchangeClient(baseURL: address.rest, sessionToken: token, transport: transport)
            let quotation = QuotationClient(baseURL: address.rest, transport: transport)
            var loop = PortfolioLoop(
                exchange: exchange, quotation: quotation,
                state: PortfolioState(user: user, market: market.uppercased()), colour: !noColor)
            try await loop.run()
        }
    }
}

/// The portfolio screen's shell: keys to ``PortfolioState``, its actions to the exchange API, the lists
/// refreshed every 2 seconds, frames from ``PortfolioScreen``.
struct PortfolioLoop {
    let exchange: ExchangeClient
    let quotation: QuotationClient
    var state: PortfolioState
    let colour: Bool

    mutating func run() async throws {
        let terminal = RawTerminal()
        terminal.enter()
        defer { terminal.restore() }
        var decoder = KeyDecoder()
        var lastRefresh = ContinuousClock.now - .seconds(10)
        var lastPrice: String?
        var drawn = (width: 0, height: 0)
        var dirty = true
        while !Task.isCancelled {
            for key in decoder.decode(terminal.readAvailable()) {
                dirty = true
                let action = state.handle(key, lastPrice: lastPrice)
                if state.shouldQuit { return }
                if let action {
                    await perform(action)
                    lastRefresh = .now - .seconds(10)
                }
            }
            if ContinuousClock.now - lastRefresh >= .seconds(2) {
                lastRefresh = .now
                await refresh()
                lastPrice = try? await quotation.tickers(codes: [state.market]).first.map {
                    Self.decimal($0.tradePrice)
                }
                dirty = true
            }
            let size = terminal.size
            if dirty || size != drawn {
                terminal.draw(PortfolioScreen.render(state, width: size.width, height: size.height, colour: colour))
                drawn = size
                dirty = false
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// A price from the ticker (a JSON number) as the decimal a new order starts with: `144000000`, not
    /// `144000000.0`; the user can edit it before it is sent.
    static func decimal(_ price: Double) -> String {
        price == price.rounded() && abs(price) < 1e15 ? String(Int64(price)) : String(price)
    }

    private mutating func refresh() async {
        do {
            async let balances = exchange.accounts()
            async let orders = exchange.openOrders()
            state.loaded(balances: try await balances, orders: try await orders)
        } catch {
            state.stale = true
            state.say("could not refresh: \(FailureText.of(error))", error: true)
        }
    }

    private mutating func perform(_ action: PortfolioAction) async {
        do {
            switch action {
            case .refresh:
                await refresh()
            case .cancel(let uuid):
                let order = try await exchange.cancelOrder(uuid: uuid)
                state.say(
                    "cancelled \(order.market) \(order.side == "bid" ? "buy" : "sell") at \(order.price ?? "market")")
            case .place(let market, let side, let price, let volume):
                let order = try await exchange.placeLimitOrder(market: market, side: side, volume: volume, price: price)
                state.say(
                    "placed: \(side == .bid ? "buy" : "sell") \(order.volume ?? volume) \(market) at \(order.price ?? price)"
                )
            }
        } catch {
            state.say(FailureText.of(error), error: true)
        }
    }
}
