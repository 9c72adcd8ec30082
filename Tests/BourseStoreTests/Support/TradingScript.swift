import BourseCore
import BourseToolkit

/// A deterministic stream of commands that trades: two markets, funded accounts, crossing limit orders,
/// market orders and cancels. Each command is built from the order id the writer offers.
struct TradingScript {
    static let krwBTC = MarketCode("KRW-BTC")!
    static let btcETH = MarketCode("BTC-ETH")!
    static let markets = [Market(code: krwBTC), Market(code: btcETH)]
    static let accounts = (1...6).map { AccountID(UInt64($0)) }

    private var random: SeededRandom

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    /// The deposits that fund every account in every currency.
    static var funding: [Command] {
        accounts.flatMap { account in
            [
                Command.deposit(account, currency: "KRW", amount: Funds(units: 1_000_000_000 * fixedPointScale)),
                Command.deposit(account, currency: "BTC", amount: Funds(units: 1_000 * fixedPointScale)),
                Command.deposit(account, currency: "ETH", amount: Funds(units: 100_000 * fixedPointScale)),
            ]
        }
    }

    private mutating func next(_ bound: UInt64) -> UInt64 { UInt64.random(in: 0..<bound, using: &random) }

    /// The next command: mostly limit orders around a fixed price, some market orders and cancels.
    mutating func nextCommand() -> @Sendable (OrderID) -> Command {
        let account = Self.accounts[Int(next(UInt64(Self.accounts.count)))]
        let side: Side = next(2) == 0 ? .bid : .ask
        let roll = next(100)
        if roll < 10 {
            let target = OrderID(1 + next(400))
            return { _ in .cancel(.id(target), account: account) }
        }
        if roll < 20 {
            return { id in
                side == .bid
                    ? .place(.marketBuy(id, account, Self.krwBTC, total: Funds(units: 50_000 * fixedPointScale)))
                    : .place(.marketSell(id, account, Self.krwBTC, volume: Volume(units: fixedPointScale / 1_000)))
            }
        }
        let useETH = roll >= 85
        let market = useETH ? Self.btcETH : Self.krwBTC
        let ticks = Int64(next(11)) - 5
        let price =
            useETH
            ? Price(units: 3_000_000 + ticks * 1_000) : Price(units: (100_000_000 + ticks * 1_000) * fixedPointScale)
        let volume = Volume(units: Int64(1 + next(20)) * fixedPointScale / 1_000)
        return { id in .place(.limit(id, account, market, side, price: price, volume: volume)) }
    }
}
