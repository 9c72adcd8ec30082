/// Why an auction command was refused, in the core's words. Each case but ``hasBids`` is named after the
/// contract's error (auction-api.md §2, snake_case on the wire); spelling them is the auction dialect's job,
/// as Upbit's names are the Upbit dialect's (ADR 0009).
public enum AuctionRejection: Error, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// `bid_too_low`: below the start price, or below the price plus one step, or not above one's own
    /// maximum when raising it.
    case bidTooLow
    /// `auction_not_live`: not open yet, past its effective end, or over.
    case auctionNotLive
    /// `own_item`: a seller cannot bid on or buy its own item.
    case ownItem
    /// `insufficient_funds`: the available KRW does not cover the maximum (or the buy-now price).
    case insufficientFunds
    /// `buy_now_unavailable`: the item has no buy-now price, or it disappeared with the first bid or the
    /// met reserve.
    case buyNowUnavailable
    /// `not_found`: no such item, or (for a cancel) not the caller's: another seller's item is not revealed.
    case notFound
    /// `invalid_parameter`: amounts not whole positive won, impossible terms, or an item id used before.
    case invalidParameter
    /// The seller may cancel only before the first bid; suggested wire name `auction_has_bids`, which the
    /// contract allows adding.
    case hasBids

    /// A short English sentence for logs and the command line.
    public var description: String {
        switch self {
        case .bidTooLow: "the bid is below the minimum"
        case .auctionNotLive: "the auction is not live"
        case .ownItem: "sellers cannot bid on their own items"
        case .insufficientFunds: "the available balance does not cover the bid"
        case .buyNowUnavailable: "buy now is not offered"
        case .notFound: "no such item"
        case .invalidParameter: "the terms or amounts are not valid"
        case .hasBids: "an item with bids cannot be cancelled"
        }
    }
}
