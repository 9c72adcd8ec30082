import ArgumentParser
import BourseCommandSupport
import BourseCore
import BourseStore
import Foundation

/// `bourse deposit ACCOUNT CURRENCY AMOUNT`: credits an account, through the journal like any command.
struct DepositCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deposit",
        abstract: "Credit an account (a confirmed deposit, for the demo).",
        discussion: """
            The deposit is a journal command: the exchange's single writer applies it and it is answered \
            once durable. So it needs the data directory to itself: stop `bourse serve` first (deposits \
            through a running server arrive with the exchange API's simulated chain). Amounts are exact \
            decimals with up to eight places; a currency's total across the exchange stays under ~92 billion.
            """
    )

    @Argument(help: "The account's name.")
    var account: String

    @Argument(help: "The currency: KRW, BTC, USDT, ETH, …")
    var currency: String

    @Argument(help: "The amount, e.g. 1000000 or 0.5.")
    var amount: String

    @OptionGroup var storage: StoreOptions

    func validate() throws {
        guard CurrencyCode(currency.uppercased()) != nil else {
            throw ValidationError("'\(currency)' is not a currency code.")
        }
        let funds: Funds
        do { funds = try Funds(parsing: amount) } catch {
            throw ValidationError("'\(amount)' is not an amount: \(error).")
        }
        guard funds > .zero else { throw ValidationError("The amount must be more than zero.") }
    }

    func run() async throws {
        let location = try await storage.resolve()
        let lock = try location.lockForWriting(
            purpose: "bourse deposit",
            whileHeld:
                "While the server runs, deposit through it: POST /v1/deposits/krw with a key that has the "
                + "'deposit' permission (bourse keys create NAME --scopes deposit), or send coins to the "
                + "account's deposit address (POST /v1/deposits/generate_coin_address); or stop the server first.")
        defer { withExtendedLifetime(lock) {} }
        guard let code = CurrencyCode(currency.uppercased()), let funds = try? Funds(parsing: amount) else { return }
        let name = account
        let balance = try await location.withStore { store in
            guard let owner = try await store.account(named: name) else {
                throw CLIError("No account named '\(name)'; make one with: bourse account create \(name)")
            }
            // Copied out before the closures below capture it: capturing `owner.id` itself crashed debug
            // builds (Swift 6.3.1: a task later resumed at address 0); a plain local does not.
            let id = owner.id
            let markets = MarketListing.markets
            let (state, _) = try await DurableExchange.recover(from: store, markets: markets)
            guard state.exchange.ledger.knownCurrencies.contains(code.description) else {
                throw CLIError(
                    "No listed market trades \(code); currencies here: "
                        + state.exchange.ledger.knownCurrencies.joined(separator: ", ") + ".")
            }
            let exchange = DurableExchange(state: state, store: store, clock: WallClock.now)
            let results = try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await exchange.run() }
                let make: @Sendable (OrderID) -> Command = { _ in .deposit(id, currency: code, amount: funds) }
                let results = try await withCheckedThrowingContinuation { continuation in
                    exchange.enqueue([make]) { continuation.resume(with: $0) }
                }
                exchange.shutdown()
                try await group.waitForAll()
                return results
            }
            for case .rejected(let rejected) in results.first?.events ?? [] {
                throw CLIError("Refused: \(rejected.reason).")
            }
            return exchange.withState { $0.exchange.ledger.balance(of: id, code.description) }
        }
        print("Deposited \(funds) \(code) to '\(name)': balance \(balance.balance) \(code), locked \(balance.locked).")
    }
}
