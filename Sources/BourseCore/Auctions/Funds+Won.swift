// Auction amounts are whole KRW held as ledger `Funds`, so bids and payments move ledger rows unscaled.

extension Funds {
    /// `amount` whole won. Auction amounts stay far below the 92 billion won an `Int64` of 10⁻⁸ units holds.
    public static func won(_ amount: Int64) -> Funds { Funds(units: amount * fixedPointScale) }

    /// The whole won in the amount (a fraction is dropped): what the auction API writes.
    public var wholeWon: Int64 { units / fixedPointScale }

    /// `true` for amounts above zero with no fraction of a won: the only amounts an auction accepts.
    var isWholePositiveWon: Bool { units > 0 && units % fixedPointScale == 0 }
}
