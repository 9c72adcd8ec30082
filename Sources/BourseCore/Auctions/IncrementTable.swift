/// The minimum step between two auction prices, by price band.
///
/// The step for a price is the step of the first band whose bound lies above it, or ``topStep`` from the
/// last bound up. Amounts are whole KRW held as ``Funds``, so they add to ledger amounts without scaling.
public struct IncrementTable: Hashable, Codable, Sendable {
    /// One band: prices below `bound` (and at or above the previous band's bound) step by `step`.
    public struct Band: Hashable, Codable, Sendable {
        /// The first price that no longer belongs to this band.
        public var bound: Funds
        /// The minimum raise inside the band.
        public var step: Funds

        /// Builds it from exactly these parts; ``IncrementTable/isValid`` checks the table as a whole.
        public init(below bound: Funds, step: Funds) {
            self.bound = bound
            self.step = step
        }
    }

    /// Bands in ascending order of bound.
    public var bands: [Band]
    /// The step from the last band's bound up.
    public var topStep: Funds

    /// Builds a table; ``isValid`` says whether a listing may use it.
    public init(bands: [Band], topStep: Funds) {
        self.bands = bands
        self.topStep = topStep
    }

    /// The contract's table (auction-api.md §1): 100 below 10,000; 1,000 below 100,000; 5,000 below
    /// 1,000,000; 10,000 below 10,000,000; 50,000 from there up.
    public static let standard = IncrementTable(
        bands: [
            Band(below: .won(10_000), step: .won(100)),
            Band(below: .won(100_000), step: .won(1_000)),
            Band(below: .won(1_000_000), step: .won(5_000)),
            Band(below: .won(10_000_000), step: .won(10_000)),
        ],
        topStep: .won(50_000))

    /// The most bands a listing may carry: enough for any real table, small enough to journal cheaply.
    public static let maximumBands = 32

    /// The minimum raise over `price`.
    public func step(at price: Funds) -> Funds {
        for band in bands where price < band.bound { return band.step }
        return topStep
    }

    /// `true` when every step is a positive whole number of won and the bounds strictly ascend.
    public var isValid: Bool {
        guard bands.count <= Self.maximumBands, topStep.isWholePositiveWon else { return false }
        var previous = Funds.zero
        for band in bands {
            guard band.step.isWholePositiveWon, band.bound.isWholePositiveWon, band.bound > previous else {
                return false
            }
            previous = band.bound
        }
        return true
    }
}
