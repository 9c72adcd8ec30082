extension Ledger {
    /// Updates the average buy price after `slot` bought `volume` of `base` for `funds` of `quote`.
    ///
    /// Upbit's rule: the average is total cost over holdings, fees excluded; selling leaves it unchanged;
    /// it resets when the holding reaches zero. The average is kept in one unit currency per holding;
    /// a buy in another quote currency (e.g. BTC-market buys of a coin averaged in KRW) adds volume
    /// without moving the average, because the core has no exchange rate to convert with.
    /// Call this **before** crediting the bought volume.
    mutating func recordBuy(_ slot: Int32, base: Int32, quote: Int32, volume: Int64, funds: Int64) {
        let index = row(slot, base)
        let held = rows[index].available + rows[index].locked
        if held == 0 || rows[index].averageUnit < 0 {
            rows[index].averageUnit = quote
            rows[index].averageBuyPrice =
                Rounding.divide(
                    Int128(funds) * Int128(fixedPointScale), by: Int128(volume), .nearest) ?? 0
            return
        }
        guard rows[index].averageUnit == quote else { return }
        let cost = Int128(rows[index].averageBuyPrice) * Int128(held) + Int128(funds) * Int128(fixedPointScale)
        rows[index].averageBuyPrice = Rounding.divide(cost, by: Int128(held) + Int128(volume), .nearest) ?? 0
    }

    /// Resets the average when a holding is emptied: sold, or spent as the quote currency of a purchase.
    /// Call this **after** the holding shrank.
    mutating func resetAverageIfEmpty(_ slot: Int32, _ currency: Int32) {
        let index = row(slot, currency)
        if rows[index].available + rows[index].locked == 0 {
            rows[index].averageBuyPrice = 0
            rows[index].averageUnit = -1
        }
    }
}
