import BourseCore

/// Amount literals for tests: `p("50000000")`, `v("0.5")`, `f("5000")`.
func p(_ text: String) -> Price { try! Price(parsing: text) }
func v(_ text: String) -> Volume { try! Volume(parsing: text) }
func f(_ text: String) -> Funds { try! Funds(parsing: text) }

let krwBTC = MarketCode("KRW-BTC")!
let alice = AccountID(1)
let bob = AccountID(2)
let carol = AccountID(3)
let t0 = Timestamp(milliseconds: 1_767_225_600_000)

/// An exchange with `KRW-BTC` (Upbit rules, 0.05 % fees) and funded accounts.
struct Fixture {
    var exchange: Exchange
    var nextID: UInt64 = 1

    init(markets: [Market] = [Market(code: krwBTC)]) {
        exchange = Exchange(markets: markets)
    }

    /// Alice holds 1 BTC, Bob 100,000,000 KRW, Carol both.
    static func funded(markets: [Market] = [Market(code: krwBTC)]) -> Fixture {
        var fixture = Fixture(markets: markets)
        fixture.deposit(alice, "BTC", "1")
        fixture.deposit(bob, "KRW", "100000000")
        fixture.deposit(carol, "BTC", "1")
        fixture.deposit(carol, "KRW", "100000000")
        return fixture
    }

    mutating func deposit(_ account: AccountID, _ currency: String, _ amount: String) {
        _ = exchange.handle(.deposit(account, currency: CurrencyCode(currency)!, amount: f(amount)), at: t0)
    }

    @discardableResult
    mutating func run(_ command: Command) -> [Event] {
        exchange.handle(command, at: t0)
    }

    /// A fresh order id.
    mutating func id() -> OrderID {
        defer { nextID += 1 }
        return OrderID(nextID)
    }

    /// Places a limit order and returns its request and events.
    @discardableResult
    mutating func limit(
        _ account: AccountID, _ side: Side, _ price: String, _ volume: String, tif: TimeInForce? = nil,
        smp: SelfTradePrevention? = nil, identifier: OrderIdentifier? = nil
    ) -> (request: OrderRequest, events: [Event]) {
        let request = OrderRequest.limit(
            id(), account, krwBTC, side, price: p(price), volume: v(volume), timeInForce: tif,
            selfTradePrevention: smp, identifier: identifier)
        return (request, run(.place(request)))
    }

    /// Places any order and returns its request and events.
    @discardableResult
    mutating func order(
        _ account: AccountID, _ side: Side, _ type: OrderType, price: String? = nil, volume: String? = nil,
        tif: TimeInForce? = nil, smp: SelfTradePrevention? = nil, identifier: OrderIdentifier? = nil
    ) -> (request: OrderRequest, events: [Event]) {
        let request = OrderRequest(
            id: id(), account: account, market: krwBTC, side: side, type: type, price: price.map(p),
            volume: volume.map(v), timeInForce: tif, selfTradePrevention: smp, identifier: identifier)
        return (request, run(.place(request)))
    }

    func balance(_ account: AccountID, _ currency: String) -> (available: String, locked: String) {
        let balance = exchange.ledger.balance(of: account, currency)
        return (balance.balance.description, balance.locked.description)
    }
}

// MARK: - Expected events

func accepted(_ request: OrderRequest, locked: String, fee: String = "0") -> Event {
    .accepted(OrderAccepted(request: request, locked: f(locked), reservedFee: f(fee), time: t0))
}

func rejected(_ request: OrderRequest, _ reason: Rejection) -> Event {
    .rejected(CommandRejected(account: request.account, command: .place(request), reason: reason))
}

func rested(_ request: OrderRequest, remaining: String, locked: String) -> Event {
    .rested(
        OrderRested(
            order: request.id, account: request.account, market: request.market, side: request.side,
            price: request.price!, remaining: v(remaining), locked: f(locked)))
}

func done(_ request: OrderRequest, released: String = "0") -> Event {
    .done(OrderDone(order: request.id, account: request.account, market: request.market, released: f(released)))
}

func cancelled(_ request: OrderRequest, _ reason: CancelReason, remaining: String, released: String) -> Event {
    .cancelled(
        OrderCancelled(
            order: request.id, account: request.account, market: request.market, reason: reason,
            remaining: v(remaining), released: f(released)))
}

func traded(
    _ sequence: UInt64, maker: OrderRequest, taker: OrderRequest, price: String, volume: String, funds: String,
    makerFee: String, takerFee: String
) -> Event {
    .traded(
        Trade(
            market: taker.market, sequence: sequence, price: p(price), volume: v(volume), funds: f(funds),
            takerSide: taker.side, makerOrder: maker.id, makerAccount: maker.account, takerOrder: taker.id,
            takerAccount: taker.account, makerFee: f(makerFee), takerFee: f(takerFee), time: t0))
}

func prevented(
    maker: OrderRequest, taker: OrderRequest, _ mode: SelfTradePrevention, price: String, volume: String
)
    -> Event
{
    .prevented(
        SelfTradePrevented(
            market: taker.market, account: taker.account, makerOrder: maker.id, takerOrder: taker.id, mode: mode,
            price: p(price), volume: v(volume)))
}
