/// A deposit or a withdrawal as `GET /v1/deposits` and `GET /v1/withdraws` report it, kept by the store
/// with the journal commit that made or changed it (a record replaces the stored one with the same kind and id).
///
/// Ids: a deposit credited at once (the CLI's `bourse deposit`, `POST /v1/deposits/krw`) is named by its
/// command's journal sequence; a coin deposit by its transfer id with bit 62 set (``coinDepositBit``), so the
/// two never meet; a withdrawal by its transfer id.
public struct TransferRecord: Hashable, Sendable {
    /// Deposit or withdrawal.
    public enum Kind: Int, Hashable, Sendable {
        /// Money in.
        case deposit = 0
        /// Money out.
        case withdrawal = 1
    }

    /// The bit that sets a coin deposit's record id apart from journal sequences.
    public static let coinDepositBit: UInt64 = 1 << 62

    /// Deposit or withdrawal.
    public var kind: Kind
    /// The id within its kind (see the type's notes).
    public var id: UInt64
    /// Whose it is: the ledger account, not the API key.
    public var account: AccountID
    /// The currency's code as listed (`KRW`, `BTC`), upper case.
    public var currency: String
    /// The chain (`net_type`); nil for KRW and for deposits credited at once in KRW.
    public var network: String?
    /// In units of 10⁻⁸ of the currency, exact; the fee is not included.
    public var amount: Funds
    /// In units of 10⁻⁸ of the currency, charged on top of the amount.
    public var fee: Funds
    /// Upbit's upper-case state (`ACCEPTED`, `PROCESSING`, `WAITING`, `DONE`…).
    public var state: String
    /// The chain transaction id, once there is one.
    public var txid: String?
    /// A withdrawal's destination.
    public var address: String?
    /// A withdrawal's destination memo or tag.
    public var memo: String?
    /// Between two accounts of this exchange.
    public var isInternal: Bool
    /// When it was made.
    public var createdAt: Timestamp
    /// When it was finished.
    public var doneAt: Timestamp?

    /// A record; see each property.
    public init(
        kind: Kind, id: UInt64, account: AccountID, currency: String, network: String? = nil, amount: Funds,
        fee: Funds = .zero, state: String, txid: String? = nil, address: String? = nil, memo: String? = nil,
        isInternal: Bool = false, createdAt: Timestamp, doneAt: Timestamp? = nil
    ) {
        self.kind = kind
        self.id = id
        self.account = account
        self.currency = currency
        self.network = network
        self.amount = amount
        self.fee = fee
        self.state = state
        self.txid = txid
        self.address = address
        self.memo = memo
        self.isInternal = isInternal
        self.createdAt = createdAt
        self.doneAt = doneAt
    }

    /// The record of a withdrawal in its current state.
    public init(_ withdrawal: Withdrawal) {
        self.init(
            kind: .withdrawal, id: withdrawal.id.rawValue, account: withdrawal.account,
            currency: withdrawal.currency.description, network: withdrawal.network, amount: withdrawal.amount,
            fee: withdrawal.fee, state: withdrawal.state.rawValue, txid: withdrawal.txid, address: withdrawal.address,
            memo: withdrawal.memo, isInternal: withdrawal.isInternal, createdAt: withdrawal.createdAt,
            doneAt: withdrawal.doneAt)
    }

    /// The record of a coin deposit in its current state.
    public init(_ deposit: CoinDeposit) {
        self.init(
            kind: .deposit, id: deposit.id.rawValue | Self.coinDepositBit, account: deposit.account,
            currency: deposit.currency.description, network: deposit.network, amount: deposit.amount,
            state: deposit.state.rawValue, txid: deposit.txid, isInternal: deposit.isInternal,
            createdAt: deposit.createdAt, doneAt: deposit.doneAt)
    }

    /// A withdrawal's state, if this is one.
    public var withdrawalState: WithdrawalState? { kind == .withdrawal ? WithdrawalState(rawValue: state) : nil }

}

/// An address of an account on a chain: a deposit address the exchange made for it, or a withdrawal
/// address it registered (Upbit only withdraws to registered addresses).
public struct WalletAddress: Hashable, Sendable {
    /// Deposit or withdrawal address.
    public var kind: TransferRecord.Kind
    /// Whose.
    public var account: AccountID
    /// The currency's code as listed (`KRW`, `BTC`), upper case.
    public var currency: String
    /// The chain (`net_type`).
    public var network: String
    /// As the wallet issued it; compared exactly, case included.
    public var address: String
    /// The memo or tag (`secondary_address`), on chains that use one.
    public var memo: String?
    /// When it was made or registered.
    public var createdAt: Timestamp

    /// An address; see each property.
    public init(
        kind: TransferRecord.Kind, account: AccountID, currency: String, network: String, address: String,
        memo: String?, createdAt: Timestamp
    ) {
        self.kind = kind
        self.account = account
        self.currency = currency
        self.network = network
        self.address = address
        self.memo = memo
        self.createdAt = createdAt
    }
}
