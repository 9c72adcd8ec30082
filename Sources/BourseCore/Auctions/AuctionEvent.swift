/// What an auction command did. Every public change carries the item's new ``AuctionItem/sequence``;
/// ``outbid`` goes only to the bidder concerned and repeats the number of the bid that caused it.
///
/// For one bid the events come in this order: ``started`` (if the bid found the item due to open),
/// ``bidAccepted``, ``outbid`` (if the lead changed hands), ``reserveMet``, ``extended``.
public enum AuctionEvent: Hashable, Sendable {
    /// A listing was accepted: the whole item, sequence 1. It holds the terms, the reserve included, which
    /// only the seller may see.
    case listed(AuctionItem)
    /// A scheduled item opened for bids.
    case started(ItemID, sequence: UInt64)
    /// A bid was accepted: the new price and who leads.
    case bidAccepted(BidAccepted)
    /// A bidder lost the lead (to a bid or a buy-now purchase) and its lock was released.
    case outbid(Outbid)
    /// The leader's maximum reached the hidden reserve; the price jumped to it.
    case reserveMet(ItemID, sequence: UInt64)
    /// A bid in the soft-close window moved the effective end.
    case extended(AuctionExtended)
    /// The sale is over: sold (and settled in the ledger) or unsold (every lock released).
    case ended(AuctionEnded)
    /// The seller withdrew the item before any bid.
    case cancelled(ItemID, sequence: UInt64)
    /// A command was refused; nothing changed.
    case rejected(AuctionRejected)

    /// The item concerned.
    public var item: ItemID {
        switch self {
        case .listed(let item): item.id
        case .started(let id, _), .reserveMet(let id, _), .cancelled(let id, _): id
        case .bidAccepted(let bid): bid.item
        case .outbid(let outbid): outbid.item
        case .extended(let extended): extended.item
        case .ended(let ended): ended.item
        case .rejected(let rejected): rejected.item
        }
    }

    /// The item's sequence after this event; `nil` for a rejection, which changed nothing.
    public var sequence: UInt64? {
        switch self {
        case .listed(let item): item.sequence
        case .started(_, let sequence), .reserveMet(_, let sequence), .cancelled(_, let sequence): sequence
        case .bidAccepted(let bid): bid.sequence
        case .outbid(let outbid): outbid.sequence
        case .extended(let extended): extended.sequence
        case .ended(let ended): ended.sequence
        case .rejected: nil
        }
    }
}
