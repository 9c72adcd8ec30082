/// Names a withdrawal or a coin deposit. Transfers take their ids from the same counter as orders, so an
/// id is never reused across the two.
public struct TransferID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The raw id.
    public var rawValue: UInt64

    /// Wraps a raw id.
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }

    /// By raw id.
    public static func < (lhs: TransferID, rhs: TransferID) -> Bool { lhs.rawValue < rhs.rawValue }
    /// The decimal raw id.
    public var description: String { String(rawValue) }
}

/// Where a withdrawal is, with Upbit's upper-case names (reference §3.5).
public enum WithdrawalState: String, Hashable, Codable, Sendable, CaseIterable {
    /// Requested, funds locked; the owner can still cancel it.
    case waiting = "WAITING"
    /// Sent to the chain (it has a txid); no longer cancellable.
    case processing = "PROCESSING"
    /// Confirmed: the amount left the exchange and the fee was collected.
    case done = "DONE"
    /// The chain refused it; the funds were unlocked.
    case failed = "FAILED"
    /// Cancelled before it was sent; the funds were unlocked.
    case cancelled = "CANCELLED"

    /// `true` once the withdrawal can no longer change.
    public var isFinal: Bool { self == .done || self == .failed || self == .cancelled }
}

/// Where a coin deposit is: seen on the chain, then credited once confirmed.
public enum CoinDepositState: String, Hashable, Codable, Sendable, CaseIterable {
    /// Seen on the chain, waiting for confirmations; not yet credited.
    case processing = "PROCESSING"
    /// Confirmed and credited.
    case accepted = "ACCEPTED"
}

/// A withdrawal as asked (`POST /v1/withdraws/coin` or `/v1/withdraws/krw`).
public struct WithdrawalRequest: Hashable, Sendable {
    /// The withdrawal's id (the writer hands out the next free one).
    public var id: TransferID
    /// Whose funds.
    public var account: AccountID
    /// The currency's code as listed (`KRW`, `BTC`), upper case.
    public var currency: CurrencyCode
    /// The chain (`net_type`); nil for a bank withdrawal.
    public var network: String?
    /// What the destination receives.
    public var amount: Funds
    /// The network fee, locked with the amount and collected when the withdrawal is done.
    public var fee: Funds
    /// The destination address; nil for a bank withdrawal.
    public var address: String?
    /// The destination's memo or tag (`secondary_address`).
    public var memo: String?
    /// `true` for a transfer to another account of this exchange (Upbit's `internal`).
    public var isInternal: Bool

    /// A request; see each property.
    public init(
        id: TransferID, account: AccountID, currency: CurrencyCode, network: String?, amount: Funds, fee: Funds,
        address: String?, memo: String?, isInternal: Bool
    ) {
        self.id = id
        self.account = account
        self.currency = currency
        self.network = network
        self.amount = amount
        self.fee = fee
        self.address = address
        self.memo = memo
        self.isInternal = isInternal
    }
}

/// A withdrawal with its current state: what `GET /v1/withdraw` reports.
public struct Withdrawal: Hashable, Codable, Sendable {
    /// Unique among transfers, given by the writer in journal order.
    public var id: TransferID
    /// Whose funds.
    public var account: AccountID
    /// The currency's code as listed (`KRW`, `BTC`), upper case.
    public var currency: CurrencyCode
    /// The chain; nil for a bank withdrawal.
    public var network: String?
    /// What the destination receives.
    public var amount: Funds
    /// In units of 10⁻⁸ of the currency, charged on top of the amount.
    public var fee: Funds
    /// The destination; nil for a bank withdrawal.
    public var address: String?
    /// The destination's memo or tag.
    public var memo: String?
    /// A transfer inside the exchange.
    public var isInternal: Bool
    /// Where it is in its life; it only moves forward, ending in done or failed.
    public var state: WithdrawalState
    /// The chain's transaction id, once sent.
    public var txid: String?
    /// When it was requested.
    public var createdAt: Timestamp
    /// When its state last changed.
    public var updatedAt: Timestamp
    /// When it reached a final state.
    public var doneAt: Timestamp?

    /// A new, waiting withdrawal for `request`.
    public init(_ request: WithdrawalRequest, at time: Timestamp) {
        id = request.id
        account = request.account
        currency = request.currency
        network = request.network
        amount = request.amount
        fee = request.fee
        address = request.address
        memo = request.memo
        isInternal = request.isInternal
        state = .waiting
        createdAt = time
        updatedAt = time
    }

    /// `true` while the owner may cancel it.
    public var isCancelable: Bool { state == .waiting }
}

/// Coins arriving at an account's deposit address (what the simulated chain reports).
public struct IncomingDeposit: Hashable, Sendable {
    /// The deposit's id (the writer hands out the next free one).
    public var id: TransferID
    /// The receiving account.
    public var account: AccountID
    /// The currency's code as listed (`KRW`, `BTC`), upper case.
    public var currency: CurrencyCode
    /// The chain it moves on (Upbit's `net_type`, e.g. `BTC`, `TRX`).
    public var network: String
    /// In units of 10⁻⁸ of the currency, exact; the fee is not included.
    public var amount: Funds
    /// The chain's transaction id.
    public var txid: String
    /// `true` when it comes from another account of this exchange.
    public var isInternal: Bool

    /// An incoming deposit; see each property.
    public init(
        id: TransferID, account: AccountID, currency: CurrencyCode, network: String, amount: Funds, txid: String,
        isInternal: Bool
    ) {
        self.id = id
        self.account = account
        self.currency = currency
        self.network = network
        self.amount = amount
        self.txid = txid
        self.isInternal = isInternal
    }
}

/// A coin deposit with its current state.
public struct CoinDeposit: Hashable, Codable, Sendable {
    /// Unique among transfers, given by the writer in journal order.
    public var id: TransferID
    /// The receiving account.
    public var account: AccountID
    /// The currency's code as listed (`KRW`, `BTC`), upper case.
    public var currency: CurrencyCode
    /// The chain it moves on (Upbit's `net_type`, e.g. `BTC`, `TRX`).
    public var network: String
    /// In units of 10⁻⁸ of the currency, exact; the fee is not included.
    public var amount: Funds
    /// The chain's transaction id.
    public var txid: String
    /// From another account of this exchange.
    public var isInternal: Bool
    /// Where it is in its life; it only moves forward, credited once confirmed.
    public var state: CoinDepositState
    /// When the chain reported it.
    public var createdAt: Timestamp
    /// When it was credited.
    public var doneAt: Timestamp?

    /// A new, processing deposit for `incoming`.
    public init(_ incoming: IncomingDeposit, at time: Timestamp) {
        id = incoming.id
        account = incoming.account
        currency = incoming.currency
        network = incoming.network
        amount = incoming.amount
        txid = incoming.txid
        isInternal = incoming.isInternal
        state = .processing
        createdAt = time
    }
}

/// A step of a withdrawal's life.
public enum WithdrawalStep: Hashable, Sendable, CaseIterable {
    /// WAITING → PROCESSING (the chain took it; the txid is derived from the id).
    case send
    /// PROCESSING → DONE: the amount leaves, the fee is collected.
    case complete
    /// PROCESSING → FAILED: the funds are unlocked.
    case fail
    /// WAITING → CANCELLED: the funds are unlocked.
    case cancel
}
