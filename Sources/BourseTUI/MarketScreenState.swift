public import BourseClient

/// The market screen's choices: candle interval, chart cursor, order book grouping; and its keys.
public struct MarketScreenState: Sendable {
    /// The chart's interval.
    public var interval = CandleInterval.minutes(1)
    /// The candle under the cursor, counted back from the newest (0 = the newest).
    public var cursorBack = 0
    /// The order book grouping: 0 shows every level; 1, 2 and 3 group into steps of about 1/10,000, 1/1,000
    /// and 1/100 of the price (see ``groupingStep(_:price:)``).
    public var groupingIndex = 0
    /// The stream's state.
    public var connection = MarketStream.ConnectionState.connecting(attempt: 1)
    /// Reconnections so far.
    public var reconnects = 0
    /// `true` while candles of a newly chosen interval (or older ones) are loading.
    public var isLoading = false
    /// Why the last candle page failed to load, until one loads (`r` tries again).
    public var loadError: String?
    /// Set by `q` or Ctrl-C.
    public var shouldQuit = false
    /// Ctrl-C rather than `q`: a market opened from the board ends the whole program, not only itself.
    public var interrupted = false
    /// `true` while the help replaces the chart.
    public var showsHelp = false

    /// Grouping levels that `+` and `-` step through.
    public static let groupings = 4

    /// The price step of grouping level `index` at `price`: a power of ten 4, 3 or 2 digits below the
    /// price's first digit (137,000,000 → 10,000, 100,000, 1,000,000); `nil` for level 0 (no grouping).
    public static func groupingStep(_ index: Int, price: Double) -> Double? {
        guard index > 0, price > 0 else { return nil }
        var power = 1.0
        while power * 10 <= price { power *= 10 }
        while power > price { power /= 10 }
        var step = power
        for _ in 0..<(5 - index) { step /= 10 }
        return step
    }

    /// Keys that pick an interval directly.
    public static let intervalKeys: [Character: CandleInterval] = [
        "1": .minutes(1), "3": .minutes(3), "5": .minutes(5), "0": .minutes(10), "h": .minutes(60),
        "4": .minutes(240), "d": .day, "w": .week, "M": .month,
    ]

    /// The starting state.
    public init() {}

    /// Applies `key`; returns `true` if the shell should (re)load the interval's history: the interval
    /// changed, or `r` asks again.
    @discardableResult
    public mutating func handle(_ key: KeyPress, candleCount: Int) -> Bool {
        let before = interval
        switch key {
        case .character("r"): return true
        case .character("q"): shouldQuit = true
        case .interrupt:
            shouldQuit = true
            interrupted = true
        case .character("]"), .tab: step(1)
        case .character("["): step(-1)
        case .character(let character) where Self.intervalKeys[character] != nil:
            interval = Self.intervalKeys[character] ?? interval
        case .left, .character("j"): cursorBack = min(max(0, candleCount - 1), cursorBack + 1)
        case .right, .character("k"): cursorBack = max(0, cursorBack - 1)
        case .home: cursorBack = max(0, candleCount - 1)
        case .end: cursorBack = 0
        case .character("+"): groupingIndex = min(Self.groupings - 1, groupingIndex + 1)
        case .character("-"): groupingIndex = max(0, groupingIndex - 1)
        case .character("?"): showsHelp.toggle()
        case .escape: showsHelp = false
        default: break
        }
        if interval != before { cursorBack = 0 }
        return interval != before
    }

    private mutating func step(_ delta: Int) {
        let all = CandleInterval.allCases
        let index = all.firstIndex(of: interval) ?? 0
        interval = all[max(0, min(all.count - 1, index + delta))]
    }
}
