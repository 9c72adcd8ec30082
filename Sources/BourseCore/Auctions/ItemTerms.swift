/// What a seller asks when listing an item: the prices and the clock of the sale.
///
/// Amounts are whole KRW held as ``Funds`` (a fraction of a won is refused), times are the writer's
/// milliseconds. The terms are journaled with the listing, fee rate included, so a later change of the
/// house's default fee cannot change how a replayed sale settles.
public struct ItemTerms: Hashable, Codable, Sendable {
    /// The account that is credited when the item sells, and the only one that may cancel it.
    public var seller: AccountID
    /// The lowest first bid, and the price while there is a single bidder.
    public var startPrice: Funds
    /// The hidden floor: below it at the end the item is `unsold`. Never sent to anyone but the seller.
    public var reservePrice: Funds?
    /// The price that ends the sale at once, while it is still offered (see ``AuctionItem/buyNowPrice``).
    public var buyNowPrice: Funds?
    /// When bidding opens.
    public var startsAt: Timestamp
    /// The scheduled end, before any soft-close extension.
    public var endsAt: Timestamp
    /// How close to the effective end a bid must land to extend it.
    public var softCloseSeconds: Int64
    /// How far past the bid's time an extension moves the effective end.
    public var extensionSeconds: Int64
    /// The latest the effective end can be pushed to; `nil` for no cap.
    public var hardEndAt: Timestamp?
    /// The item's own steps, if the seller gave some.
    public var increments: IncrementTable
    /// The share of the price the house keeps as its fee when the item sells.
    public var feeRate: FeeRate

    /// Terms with the contract's defaults: 120 s soft close, 120 s extension, the standard increments and
    /// a 5 % fee.
    public init(
        seller: AccountID, startPrice: Funds, reservePrice: Funds? = nil, buyNowPrice: Funds? = nil,
        startsAt: Timestamp, endsAt: Timestamp, softCloseSeconds: Int64 = 120, extensionSeconds: Int64 = 120,
        hardEndAt: Timestamp? = nil, increments: IncrementTable = .standard, feeRate: FeeRate = .auctionDefault
    ) {
        self.seller = seller
        self.startPrice = startPrice
        self.reservePrice = reservePrice
        self.buyNowPrice = buyNowPrice
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.softCloseSeconds = softCloseSeconds
        self.extensionSeconds = extensionSeconds
        self.hardEndAt = hardEndAt
        self.increments = increments
        self.feeRate = feeRate
    }

    /// The longest soft-close window or extension: a day. Longer ones are surely mistakes, and the bound
    /// keeps every `seconds × 1000` far from overflow.
    public static let maximumWindowSeconds: Int64 = 86_400

    /// `true` when the terms make a sale that can run at `time`: whole-won positive amounts, a reserve not
    /// below the start, a buy-now price above the start and not below the reserve, an end after the start
    /// and after `time`, a hard end not before the end, windows within a day, valid steps and fee.
    public func isValid(at time: Timestamp) -> Bool {
        guard startPrice.isWholePositiveWon, increments.isValid, feeRate.isValid else { return false }
        if let reservePrice, !reservePrice.isWholePositiveWon || reservePrice < startPrice { return false }
        if let buyNowPrice {
            guard buyNowPrice.isWholePositiveWon, buyNowPrice > startPrice else { return false }
            if let reservePrice, buyNowPrice < reservePrice { return false }
        }
        guard endsAt > startsAt, endsAt > time else { return false }
        if let hardEndAt, hardEndAt < endsAt { return false }
        let windows = 0...Self.maximumWindowSeconds
        return windows.contains(softCloseSeconds) && windows.contains(extensionSeconds)
    }

    /// The house's fee on a sale at `price`, rounded **up** to a whole won (the house's favour, as exchange
    /// fees round up), so the seller's proceeds stay whole won too. Never above `price` for a valid rate.
    public func fee(on price: Funds) -> Funds {
        let won = Int128(price.units / fixedPointScale) * Int128(feeRate.units)
        let fee = Rounding.divide(won, by: Int128(fixedPointScale), .up) ?? 0
        return Funds(units: fee * fixedPointScale)
    }
}

extension FeeRate {
    /// The house's default cut of a sold item's price: 5 %.
    public static let auctionDefault = FeeRate(units: 5_000_000)
}
