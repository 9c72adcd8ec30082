/// Something the exchange is asked to do. Commands are the journal's unit: replaying the same commands
/// with the same times gives the same events.
public enum Command: Hashable, Sendable {
    /// Place an order (`POST /v1/orders`).
    case place(OrderRequest)
    /// Cancel an open order of `account` (`DELETE /v1/order`).
    case cancel(OrderReference, account: AccountID)
    /// Cancel an open order and place a new one in its market and side (`POST /v1/orders/cancel_and_new`).
    case cancelAndReplace(OrderReference, account: AccountID, ReplacementRequest)
    /// Credit `amount` of `currency` to `account` (a confirmed deposit).
    case deposit(AccountID, currency: CurrencyCode, amount: Funds)
    /// Open or suspend a market.
    case setMarketState(MarketCode, MarketState)
    /// Lock the amount and fee of a withdrawal (`POST /v1/withdraws/coin`, `/v1/withdraws/krw`).
    case withdraw(WithdrawalRequest)
    /// Move `account`'s withdrawal one step (the chain sends, completes or fails it; the owner cancels it).
    case advanceWithdrawal(TransferID, WithdrawalStep, account: AccountID)
    /// The chain saw coins arrive at an account's deposit address; they are credited when confirmed.
    case receiveDeposit(IncomingDeposit)
    /// The chain confirmed a received deposit: credit it.
    case confirmDeposit(TransferID)
    /// List an item for auction (`POST /auction/v1/items`); the writer hands out its id from the order id
    /// counter, as it does for transfers. Boxed (`indirect`) so that the terms do not widen every command.
    indirect case listItem(ItemID, ItemTerms)
    /// Bid up to a secret `maximum` of KRW on an item; the engine bids for the account up to it.
    case bid(ItemID, account: AccountID, maximum: Funds)
    /// Buy an item outright at its buy-now price, which ends the sale.
    case buyNow(ItemID, account: AccountID)
    /// The seller withdraws its item; only before the first bid.
    case cancelItem(ItemID, account: AccountID)
    /// The writer's clock passed an item's deadline (see ``AuctionHouse/due(at:)``): open it if scheduled,
    /// end and settle it if past its effective end; nothing otherwise. Journaled like any command, so replay
    /// ends every sale at the same moment with the same winner.
    case advanceAuction(ItemID)
}

/// How a client names one of its orders: by id (`uuid`) or by its `identifier`.
public enum OrderReference: Hashable, Sendable {
    /// By the order's id.
    case id(OrderID)
    /// By the client's identifier.
    case identifier(OrderIdentifier)
}
