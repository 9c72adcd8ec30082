/// An accepted bid and the price it left: the contract's `price` event, plus the bidder's own maximum for
/// its reply and records (never to be published).
public struct BidAccepted: Hashable, Sendable {
    /// Which item.
    public var item: ItemID
    /// The item's sequence after the bid.
    public var sequence: UInt64
    /// Who bid.
    public var bidder: AccountID
    /// The bidder's secret maximum.
    public var maximum: Funds
    /// `true` when the bidder leads after its bid.
    public var leading: Bool
    /// The visible price after the bid.
    public var price: Funds
    /// The visible price before it (the start price before the first bid).
    public var previousPrice: Funds
    /// Who leads after the bid.
    public var leader: AccountID
    /// Accepted bids so far, this one included.
    public var bidCount: Int
    /// The reserve as the public may know it, after the bid.
    public var reserve: ReserveState
    /// The buy-now price if still offered after the bid.
    public var buyNowPrice: Funds?
    /// The effective end after the bid (extensions are also reported by ``AuctionEvent/extended(_:)``).
    public var effectiveEndsAt: Timestamp
    /// When the writer accepted it.
    public var time: Timestamp

    /// Memberwise initializer.
    public init(
        item: ItemID, sequence: UInt64, bidder: AccountID, maximum: Funds, leading: Bool, price: Funds,
        previousPrice: Funds, leader: AccountID, bidCount: Int, reserve: ReserveState, buyNowPrice: Funds?,
        effectiveEndsAt: Timestamp, time: Timestamp
    ) {
        self.item = item
        self.sequence = sequence
        self.bidder = bidder
        self.maximum = maximum
        self.leading = leading
        self.price = price
        self.previousPrice = previousPrice
        self.leader = leader
        self.bidCount = bidCount
        self.reserve = reserve
        self.buyNowPrice = buyNowPrice
        self.effectiveEndsAt = effectiveEndsAt
        self.time = time
    }
}

/// A bidder that lost the lead; its maximum was unlocked.
public struct Outbid: Hashable, Sendable {
    /// Which item.
    public var item: ItemID
    /// The sequence of the change that caused it (a bid or the end by buy-now).
    public var sequence: UInt64
    /// The bidder that lost the lead, the only one told.
    public var account: AccountID
    /// The visible price after the change.
    public var price: Funds
    /// The bidder's maximum, now released to its available balance (`your_max` on the wire).
    public var maximum: Funds

    /// Memberwise initializer.
    public init(item: ItemID, sequence: UInt64, account: AccountID, price: Funds, maximum: Funds) {
        self.item = item
        self.sequence = sequence
        self.account = account
        self.price = price
        self.maximum = maximum
    }
}

/// The effective end moved by a bid in the soft-close window.
public struct AuctionExtended: Hashable, Sendable {
    /// Which item.
    public var item: ItemID
    /// The item's sequence after the extension.
    public var sequence: UInt64
    /// The effective end before the bid.
    public var previousEndsAt: Timestamp
    /// The new effective end: the bid's time plus the extension, capped at the hard end.
    public var effectiveEndsAt: Timestamp

    /// Memberwise initializer.
    public init(item: ItemID, sequence: UInt64, previousEndsAt: Timestamp, effectiveEndsAt: Timestamp) {
        self.item = item
        self.sequence = sequence
        self.previousEndsAt = previousEndsAt
        self.effectiveEndsAt = effectiveEndsAt
    }
}

/// The end of a sale, with the money it moved.
public struct AuctionEnded: Hashable, Sendable {
    /// Which item.
    public var item: ItemID
    /// The item's sequence after the end.
    public var sequence: UInt64
    /// `sold` or `unsold`.
    public var state: AuctionState
    /// The final visible price: what the winner paid when sold.
    public var price: Funds
    /// The last leader, if any bid was made: the winner when sold, the bidder below the reserve when not.
    public var leader: AccountID?
    /// The seller, credited ``proceeds`` when sold.
    public var seller: AccountID
    /// The house's fee, collected from the price like exchange fees (zero when unsold).
    public var fee: Funds
    /// `price − fee`, credited to the seller (zero when unsold).
    public var proceeds: Funds
    /// What went back from the leader's lock to its available balance: the excess over the price when
    /// sold, all of it when unsold.
    public var released: Funds
    /// `true` when the sale ended by a buy-now purchase.
    public var boughtNow: Bool

    /// Memberwise initializer.
    public init(
        item: ItemID, sequence: UInt64, state: AuctionState, price: Funds, leader: AccountID?, seller: AccountID,
        fee: Funds, proceeds: Funds, released: Funds, boughtNow: Bool
    ) {
        self.item = item
        self.sequence = sequence
        self.state = state
        self.price = price
        self.leader = leader
        self.seller = seller
        self.fee = fee
        self.proceeds = proceeds
        self.released = released
        self.boughtNow = boughtNow
    }
    /// The winner: the leader of a sold item.
    public var winner: AccountID? { state == .sold ? leader : nil }
}

/// A refused auction command.
public struct AuctionRejected: Hashable, Sendable {
    /// Who sent it.
    public var account: AccountID
    /// The item it named.
    public var item: ItemID
    /// The command as sent, so a client can match the refusal to its request.
    public var command: Command
    /// Why.
    public var reason: AuctionRejection

    /// Memberwise initializer.
    public init(account: AccountID, item: ItemID, command: Command, reason: AuctionRejection) {
        self.account = account
        self.item = item
        self.command = command
        self.reason = reason
    }
}
