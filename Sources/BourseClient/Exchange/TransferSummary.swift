/// A deposit or a withdrawal as the exchange API lists it (`GET /v1/deposits`, `GET /v1/withdraws`).
///
/// Amounts are decimal strings, as given. States are Upbit's upper-case names: deposits `PROCESSING`,
/// `ACCEPTED`, `CANCELLED`, `REJECTED`, …; withdrawals `WAITING`, `PROCESSING`, `DONE`, `FAILED`,
/// `CANCELLED`, `REJECTED`.
public struct TransferSummary: Decodable, Hashable, Sendable {
    /// `deposit` or `withdraw`.
    public var type: String
    /// The transfer's id.
    public var uuid: String
    /// The currency moved.
    public var currency: String
    /// The chain it moved on; `nil` for KRW.
    public var netType: String?
    /// The chain's transaction id, once there is one.
    public var txid: String?
    /// Where the transfer is.
    public var state: String
    /// When it was asked for (KST, ISO 8601).
    public var createdAt: String
    /// When it finished, if it has.
    public var doneAt: String?
    /// The amount moved, without the fee.
    public var amount: String
    /// The fee, in the same currency.
    public var fee: String
    /// `default`, or `internal` for an instant transfer between two accounts of the exchange.
    public var transactionType: String
    /// Whether a withdrawal can still be cancelled; `nil` for deposits.
    public var isCancelable: Bool?

    enum CodingKeys: String, CodingKey {
        case type, uuid, currency, txid, state, amount, fee
        case netType = "net_type"
        case createdAt = "created_at"
        case doneAt = "done_at"
        case transactionType = "transaction_type"
        case isCancelable = "is_cancelable"
    }
}
