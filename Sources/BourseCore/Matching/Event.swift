/// What happened because of a command. The shells persist, publish and answer from events alone.
///
/// For one order the events come in this order: ``accepted`` (or ``rejected``), then for each match step
/// a ``traded`` or ``prevented`` (followed at once by the resting order's ``done`` or ``cancelled`` if
/// the step finished it), then the incoming order's ``rested``, ``done`` or ``cancelled``.
public enum Event: Hashable, Sendable {
    /// An order passed validation and its funds are locked; its state is `wait`.
    case accepted(OrderAccepted)
    /// A command was refused; nothing changed except that an order's identifier is now used.
    case rejected(CommandRejected)
    /// Two orders traded.
    case traded(Trade)
    /// Self-trade prevention stopped two orders of one account from trading.
    case prevented(SelfTradePrevented)
    /// An order now waits in the book.
    case rested(OrderRested)
    /// An order was fully filled; state `done`.
    case done(OrderDone)
    /// An order ended without being fully filled; state `cancel`.
    case cancelled(OrderCancelled)
    /// A balance was credited.
    case deposited(Deposited)
    /// A market was opened or suspended.
    case marketStateChanged(MarketCode, MarketState)
    /// A withdrawal was asked for or changed state (the withdrawal as it now is).
    case withdrawal(Withdrawal)
    /// A coin deposit was seen or credited (the deposit as it now is).
    case coinDeposit(CoinDeposit)
    /// Something happened in the auction house (a listing, a bid, an end, a refusal). Boxed (`indirect`) so
    /// that a listing's whole item does not widen every event the matching path copies.
    indirect case auction(AuctionEvent)
}

/// An order that passed validation. `locked` is what it locked: quote funds (with the fee reserve) for a
/// bid, base volume for an ask.
public struct OrderAccepted: Hashable, Sendable {
    /// The order as asked.
    public var request: OrderRequest
    /// What was locked, in the quote currency for bids and the base currency for asks.
    public var locked: Funds
    /// The fee reserved inside `locked` (zero for asks, whose fee comes out of the proceeds).
    public var reservedFee: Funds
    /// When the order was accepted.
    public var time: Timestamp

    /// Memberwise initializer.
    public init(request: OrderRequest, locked: Funds, reservedFee: Funds, time: Timestamp) {
        self.request = request
        self.locked = locked
        self.reservedFee = reservedFee
        self.time = time
    }
}

/// What kind of command was refused.
public enum RejectedCommand: Hashable, Sendable {
    /// An order placement (the request is attached).
    case place(OrderRequest)
    /// Cancels one of the account's orders, by id or identifier; an unknown one is a rejection.
    case cancel(OrderReference)
    /// A cancel-and-replace refused before anything changed (unknown old order, used identifier). A
    /// replacement refused after the old order was cancelled is reported as a refused ``place(_:)``.
    case cancelAndReplace(OrderReference, ReplacementRequest)
    /// Credits the account; the currency must be one a listed market trades.
    case deposit(currency: CurrencyCode, amount: Funds)
    /// Locks the amount and fee until the chain reports the withdrawal done or failed.
    case withdraw(WithdrawalRequest)
    /// A step of a withdrawal.
    case transfer(TransferID)
}

/// A refused command and why.
public struct CommandRejected: Hashable, Sendable {
    /// The account that sent it.
    public var account: AccountID
    /// What was refused, as sent, so a client can match the rejection to its request.
    public var command: RejectedCommand
    /// Why, with Upbit's error name.
    public var reason: Rejection

    /// Memberwise initializer.
    public init(account: AccountID, command: RejectedCommand, reason: Rejection) {
        self.account = account
        self.command = command
        self.reason = reason
    }
}

/// A fill between a resting (maker) order and an incoming (taker) order, at the maker's price.
public struct Trade: Hashable, Sendable {
    /// Which market, as Upbit writes it: quote first (`KRW-BTC`).
    public var market: MarketCode
    /// The trade's number in its market: 1, 2, 3, … with no gaps.
    public var sequence: UInt64
    /// The maker's price.
    public var price: Price
    /// The traded volume.
    public var volume: Volume
    /// `price × volume`, rounded down.
    public var funds: Funds
    /// The taker's side: `bid` when a buyer took an ask (Upbit's `ask_bid` = `BID`).
    public var takerSide: Side
    /// The resting order.
    public var makerOrder: OrderID
    /// The resting order's account.
    public var makerAccount: AccountID
    /// The incoming order.
    public var takerOrder: OrderID
    /// The incoming order's account.
    public var takerAccount: AccountID
    /// The fee the maker paid on this fill, in the quote currency.
    public var makerFee: Funds
    /// The fee the taker paid on this fill, in the quote currency.
    public var takerFee: Funds
    /// When it happened.
    public var time: Timestamp

    /// Memberwise initializer.
    public init(
        market: MarketCode, sequence: UInt64, price: Price, volume: Volume, funds: Funds, takerSide: Side,
        makerOrder: OrderID, makerAccount: AccountID, takerOrder: OrderID, takerAccount: AccountID, makerFee: Funds,
        takerFee: Funds, time: Timestamp
    ) {
        self.market = market
        self.sequence = sequence
        self.price = price
        self.volume = volume
        self.funds = funds
        self.takerSide = takerSide
        self.makerOrder = makerOrder
        self.makerAccount = makerAccount
        self.takerOrder = takerOrder
        self.takerAccount = takerAccount
        self.makerFee = makerFee
        self.takerFee = takerFee
        self.time = time
    }

    /// The buying order.
    public var bidOrder: OrderID { takerSide == .bid ? takerOrder : makerOrder }
    /// The selling order.
    public var askOrder: OrderID { takerSide == .ask ? takerOrder : makerOrder }
}

/// Two orders of one account that would have traded.
public struct SelfTradePrevented: Hashable, Sendable {
    /// Which market, as Upbit writes it: quote first (`KRW-BTC`).
    public var market: MarketCode
    /// The account that owns both.
    public var account: AccountID
    /// The resting order.
    public var makerOrder: OrderID
    /// The incoming order.
    public var takerOrder: OrderID
    /// The incoming order's mode.
    public var mode: SelfTradePrevention
    /// The price of the resting order.
    public var price: Price
    /// The volume that did not trade: cancelled from the maker (`cancel_maker`), from the taker
    /// (`cancel_taker`), or from both (`reduce`).
    public var volume: Volume

    /// Memberwise initializer.
    public init(
        market: MarketCode, account: AccountID, makerOrder: OrderID, takerOrder: OrderID, mode: SelfTradePrevention,
        price: Price, volume: Volume
    ) {
        self.market = market
        self.account = account
        self.makerOrder = makerOrder
        self.takerOrder = takerOrder
        self.mode = mode
        self.price = price
        self.volume = volume
    }
}

/// An order now waiting in the book.
public struct OrderRested: Hashable, Sendable {
    /// The writer's id of the order concerned (the id behind its UUID).
    public var order: OrderID
    /// Its account.
    public var account: AccountID
    /// Its market.
    public var market: MarketCode
    /// Its side.
    public var side: Side
    /// Its price.
    public var price: Price
    /// What is left of its volume.
    public var remaining: Volume
    /// What it still has locked (excess released on resting, e.g. after a fill at a better price).
    public var locked: Funds

    /// Memberwise initializer.
    public init(
        order: OrderID, account: AccountID, market: MarketCode, side: Side, price: Price, remaining: Volume,
        locked: Funds
    ) {
        self.order = order
        self.account = account
        self.market = market
        self.side = side
        self.price = price
        self.remaining = remaining
        self.locked = locked
    }
}

/// An order fully filled.
public struct OrderDone: Hashable, Sendable {
    /// The writer's id of the order concerned (the id behind its UUID).
    public var order: OrderID
    /// Its account.
    public var account: AccountID
    /// Its market.
    public var market: MarketCode
    /// Lock left over and returned to the balance (e.g. a buy filled below its limit).
    public var released: Funds

    /// Memberwise initializer.
    public init(order: OrderID, account: AccountID, market: MarketCode, released: Funds) {
        self.order = order
        self.account = account
        self.market = market
        self.released = released
    }
}

/// Why an order ended in `cancel`.
public enum CancelReason: String, Hashable, Sendable {
    /// The owner cancelled it.
    case requested
    /// The owner replaced it (`cancel_and_new`).
    case replaced
    /// An `ioc` order's unfilled remainder.
    case immediateOrCancel
    /// A `fok` order that could not be filled completely.
    case fillOrKill
    /// A `post_only` order that would have traded on arrival.
    case postOnly
    /// Self-trade prevention.
    case selfTradePrevention
    /// A market or best order that ran out of opposite orders.
    case noLiquidity
    /// A market buy whose leftover total cannot buy the smallest volume (Upbit ends these in `cancel`).
    case dust
}

/// An order ended without a full fill.
public struct OrderCancelled: Hashable, Sendable {
    /// The writer's id of the order concerned (the id behind its UUID).
    public var order: OrderID
    /// Its account.
    public var account: AccountID
    /// Its market.
    public var market: MarketCode
    /// Why.
    public var reason: CancelReason
    /// The volume that was not filled (zero for market buys, which count in funds).
    public var remaining: Volume
    /// The lock returned to the balance.
    public var released: Funds

    /// Memberwise initializer.
    public init(
        order: OrderID, account: AccountID, market: MarketCode, reason: CancelReason, remaining: Volume, released: Funds
    ) {
        self.order = order
        self.account = account
        self.market = market
        self.reason = reason
        self.remaining = remaining
        self.released = released
    }
}

/// A credited balance.
public struct Deposited: Hashable, Sendable {
    /// Whose it is: the ledger account, not the API key.
    public var account: AccountID
    /// The currency's code as listed (`KRW`, `BTC`), upper case.
    public var currency: CurrencyCode
    /// The amount credited.
    public var amount: Funds

    /// Memberwise initializer.
    public init(account: AccountID, currency: CurrencyCode, amount: Funds) {
        self.account = account
        self.currency = currency
        self.amount = amount
    }
}
