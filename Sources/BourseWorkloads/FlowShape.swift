import BourseCore

/// The fixed shape of an ``EngineFlow``: its market's price grid, order sizes, command mix and the
/// tuning that keeps the book at its target size.
struct FlowShape {
    /// Accounts placing orders (`AccountID(1) ... AccountID(accounts)`).
    var accounts: Int
    /// The book size the stream keeps (both sides together).
    var restingOrders: Int

    // MARK: - Grid

    /// 1,000 KRW, Upbit's tick for prices of 1,000,000 KRW and above, in 10⁻⁸ units.
    let tickUnits: Int64 = 1_000 * fixedPointScale
    /// The centre price in ticks: 100,000,000 KRW.
    let centerTick = 100_000
    /// Order volumes are whole lots of 0.0001 BTC (10,000 KRW at the centre), so partial fills never
    /// leave a remainder under Upbit's 5,000 KRW minimum total and every replacement is accepted.
    let lotUnits: Int64 = 10_000
    /// The largest order, in lots (0.001 BTC); IOC orders are always one lot.
    let maxLots = 10

    // MARK: - Mix (percent of commands)

    let limitPercent = 9
    let immediateOrCancelPercent = 3
    let cancelPercent = 6
    // The remaining 82 % are cancel-and-replace.

    // MARK: - Tuning

    /// Passive orders land uniformly 1 to `depthTicks` ticks behind the opposite touch; with ~1,000
    /// orders this gives ~750 occupied levels and few orders per level, as in exchange-core's test.
    let depthTicks = 800
    /// The share of replacements that trade when the book is at its target size.
    let tradingReplaceChance = 0.04
    /// How strongly that share follows the book's size: 10 % over target → `sizeGain` × 10 % more.
    let sizeGain = 8.0
    /// Random picks to find an order that can trade as a replacement should.
    let tradingCandidates = 8
    /// Distance from the centre, in ticks, at which trading orders lean fully toward it.
    let reversionTicks = 150

    /// The price of `tick` ticks.
    func price(tick: Int) -> Price { Price(units: Int64(tick) * tickUnits) }

    /// The tick of a price on the grid.
    func tick(of price: Price) -> Int { Int(price.units / tickUnits) }
}
