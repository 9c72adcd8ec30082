/// The key spelling of a WebSocket message (§6.3): full names (DEFAULT, JSON_LIST) or abbreviations
/// (SIMPLE, SIMPLE_LIST).
public enum KeyStyle: Sendable, Hashable {
    /// `trade_price`, `stream_type`, … (formats `DEFAULT` and `JSON_LIST`).
    case full
    /// `tp`, `st`, … (formats `SIMPLE` and `SIMPLE_LIST`).
    case abbreviated
}
