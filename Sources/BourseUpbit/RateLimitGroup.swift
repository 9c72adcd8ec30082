/// Upbit's rate-limit groups (reference §5.3), spelled as the `Remaining-Req` header shows them.
public enum RateLimitGroup: String, Sendable, CaseIterable {
    /// `market/all`.
    case market
    /// `ticker`, `ticker/all`.
    case ticker
    /// `orderbook`, `orderbook/instruments`.
    case orderbook
    /// `trades/ticks` (Upbit's header says `crix-trades`).
    case trades = "crix-trades"
    /// Candles (Upbit's header says `candles`).
    case candles
    /// Everything else.
    case `default`
    /// `POST /v1/orders` and `cancel_and_new`.
    case order
    /// `POST /v1/orders/test`.
    case orderTest = "order-test"
    /// `DELETE /v1/orders/open`.
    case orderCancelAll = "order-cancel-all"
    /// WebSocket handshakes (per address; never in a `Remaining-Req` header).
    case websocketConnect = "websocket-connect"
}
