/// The previous UTC day's close, tracked as prices arrive: the last price before 00:00 UTC.
///
/// On a market's first day there is no earlier price, so the first trade's price stands in (Upbit's
/// listing price plays that role). Shared by the ticker and the trade tape so both report the same
/// `prev_closing_price`.
struct DailyClose: Hashable, Codable, Sendable {
    /// The UTC day of the last recorded price; `nil` before the first one.
    private(set) var day: Int64?
    /// The last recorded price.
    private(set) var lastPrice: Price?
    /// The close of the day before ``day``.
    private(set) var previousClose: Price?

    /// Records a price on UTC day `day`, which must not be before the last one recorded.
    mutating func record(_ price: Price, onDay day: Int64) {
        roll(to: day)
        if previousClose == nil { previousClose = price }
        lastPrice = price
    }

    /// Moves to UTC day `day`; if it is a later day, the last price becomes the previous close.
    mutating func roll(to day: Int64) {
        guard let current = self.day else {
            self.day = day
            return
        }
        guard day > current else { return }
        if let lastPrice { previousClose = lastPrice }
        self.day = day
    }

    /// The previous close as seen on UTC day `day` (a later day sees the last price as its previous
    /// close, without rolling).
    func previousClose(onDay day: Int64) -> Price? {
        guard let current = self.day, day > current else { return previousClose }
        return lastPrice ?? previousClose
    }
}
