public import BourseCore
public import BourseToolkit

/// The demo's underlying values: one random walk per asset in a common unit (dollars), from which every
/// market's fair price is derived, so cross rates agree and each asset moves as much in a step as the
/// time the step stands for.
///
/// Each step of `t` moves an asset's value by a factor `1 + r`, where `r` is a normal draw with standard
/// deviation `σ·√t` (its volatility per year), shared in part with a market factor (crypto assets move
/// together), plus `σ²t/2` so the walk has no drift in log terms, less a pull back towards its anchor of
/// `κ·sinh(ln(value/anchor))·t` (`κ` from the half-life; `sinh` is written `(x − 1/x)/2` so no logarithm is
/// needed, and pulls an asset up from half its anchor as hard as down from twice it). A band, if the asset
/// has one, clamps it (a stablecoin's peg).
///
/// Integers only, in picodollars and parts per billion: deterministic from the seed on every platform.
public struct FairValues: Sendable {
    /// Picodollars (10⁻¹² dollars, the internal unit) per unit of a ``DemoAsset/dollars`` price (10⁻⁸).
    static let picodollarsPerUnit: Int64 = 10_000
    static let billion: Int128 = 1_000_000_000
    static let millisecondsPerYear: Int128 = 31_557_600_000

    /// The assets, in the order given.
    public let assets: [DemoAsset]
    let anchors: [Int64]
    /// Each asset's value now, in picodollars.
    var values: [Int64]
    let indices: [CurrencyCode: Int]
    /// `σ·√t` of each asset in parts per billion, for the last step length asked (steps mostly repeat it).
    private var cachedSigmas: (milliseconds: Int64, sigmas: [Int128]) = (-1, [])

    /// The walks of `assets`, each starting at its anchor.
    public init(assets: [DemoAsset]) {
        self.assets = assets
        anchors = assets.map { $0.dollars.units * Self.picodollarsPerUnit }
        values = anchors
        indices = Dictionary(uniqueKeysWithValues: assets.enumerated().map { ($1.currency, $0) })
    }

    /// The index of `currency` among ``assets``.
    func index(of currency: CurrencyCode) -> Int? { indices[currency] }

    /// What one unit of `currency` is worth in dollars now.
    public func dollars(_ currency: CurrencyCode) -> Price? {
        index(of: currency).map { Price(units: values[$0] / Self.picodollarsPerUnit) }
    }

    /// The fair price of `code` (its base currency's value in its quote currency); nil if either is not
    /// an asset here.
    public func price(of code: MarketCode) -> Price? {
        guard let base = index(of: code.baseCode), let quote = index(of: code.quoteCode) else { return nil }
        return Price(units: price(base: base, quote: quote))
    }

    /// The fair price of one `base` in `quote` units, as a price (10⁻⁸ of the quote currency).
    func price(base: Int, quote: Int) -> Int64 {
        let price = Int128(values[base]) * Int128(fixedPointScale) / Int128(values[quote])
        return Int64(min(max(price, 1), Int128(Int64.max)))
    }

    /// Makes `base` worth `price` units of `quote` (keeping the quote's value): how a restarted demo picks up
    /// the prices its markets last traded at.
    mutating func set(base: Int, quote: Int, price: Int64) {
        let value = Int128(values[quote]) * Int128(price) / Int128(fixedPointScale)
        values[base] = Int64(min(max(value, 1), Int128(Int64.max / 4)))
    }

    /// Makes `quote` worth `1 / price` of `base` (keeping the base's value).
    mutating func set(quote: Int, base: Int, price: Int64) {
        let value = Int128(values[base]) * Int128(fixedPointScale) / Int128(max(price, 1))
        values[quote] = Int64(min(max(value, 1), Int128(Int64.max / 4)))
    }

    /// Moves every asset by one step standing for `milliseconds` of time.
    public mutating func advance(milliseconds: Int64, random: inout SeededRandom) {
        guard milliseconds > 0 else { return }
        let sigmas = sigmas(for: milliseconds)
        let scale = Int128(SeededRandom.normalScale)
        let market = Int128(random.normal())
        for index in assets.indices {
            let asset = assets[index]
            let own = Int128(random.normal())
            let weight = Int128(asset.marketWeightPerMille)
            let ownWeight = Self.squareRoot(1_000_000 - weight * weight)
            let draw = (weight * market + ownWeight * own) / 1_000
            let sigma = sigmas[index]
            let shock = sigma * draw / scale
            let drift = sigma * sigma / (2 * Self.billion)
            // sinh of the log deviation, in parts per billion.
            let ratio = max(Int128(values[index]) * Self.billion / Int128(anchors[index]), 1)
            let sinh = (ratio - Self.billion * Self.billion / ratio) / 2
            // κ·t = ln 2 × t / half-life, at most a half so a long step never overshoots the anchor.
            let halfLife = Int128(asset.halfLifeDays) * 86_400_000
            let decay = min(Int128(milliseconds) * 693_147_181 / halfLife, Self.billion / 2)
            let pull = -sinh * decay / Self.billion
            let rate = min(max(shock + drift + pull, -Self.billion / 2), Self.billion)
            var value = Int128(values[index]) + Int128(values[index]) * rate / Self.billion
            let anchor = Int128(anchors[index])
            if let band = asset.bandBasisPoints {
                value = min(
                    max(value, anchor * Int128(10_000 - band) / 10_000), anchor * Int128(10_000 + band) / 10_000)
            }
            values[index] = Int64(min(max(value, anchor / 1_000, 1), anchor * 1_000))
        }
    }

    private mutating func sigmas(for milliseconds: Int64) -> [Int128] {
        if cachedSigmas.milliseconds == milliseconds { return cachedSigmas.sigmas }
        let sigmas = assets.map { asset in
            let perYear = Int128(asset.volatilityBasisPoints) * 100_000
            return Self.squareRoot(perYear * perYear * Int128(milliseconds) / Self.millisecondsPerYear)
        }
        cachedSigmas = (milliseconds, sigmas)
        return sigmas
    }

    /// ⌊√n⌋ exactly: a floating-point first guess (correctly rounded, so the same everywhere), then
    /// corrected in integers.
    static func squareRoot(_ n: Int128) -> Int128 {
        guard n > 0 else { return 0 }
        var root = Int128(Double(n).squareRoot())
        while root * root > n { root -= 1 }
        while (root + 1) * (root + 1) <= n { root += 1 }
        return root
    }
}
