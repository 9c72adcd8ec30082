public import BourseCore

extension TransferRecord {
    /// The records `result` made or changed, in event order.
    public static func transfers(of result: CommandResult) -> [TransferRecord] {
        result.events.compactMap { event in
            switch event {
            case .deposited(let deposited):
                TransferRecord(
                    kind: .deposit, id: result.entry.sequence, account: deposited.account,
                    currency: deposited.currency.description, amount: deposited.amount, state: "ACCEPTED",
                    createdAt: result.entry.time, doneAt: result.entry.time)
            case .coinDeposit(let deposit): TransferRecord(deposit)
            case .withdrawal(let withdrawal): TransferRecord(withdrawal)
            default: nil
            }
        }
    }
}

/// Which transfers of one account to read.
public struct TransferQuery: Hashable, Sendable {
    /// Deposits or withdrawals.
    public var kind: TransferRecord.Kind
    /// Whose.
    public var account: AccountID
    /// Only this currency.
    public var currency: String?
    /// Only these record ids.
    public var ids: [UInt64]?
    /// Only these chain transaction ids.
    public var txids: [String]?
    /// Only these states.
    public var states: [String]?
    /// Newest (highest creation time, then id) first.
    public var newestFirst = true
    /// At most this many.
    public var limit = 100
    /// After skipping this many.
    public var offset = 0

    /// A query for all of `account`'s transfers of `kind`, newest first, 100 at most.
    public init(
        kind: TransferRecord.Kind, account: AccountID, currency: String? = nil, ids: [UInt64]? = nil,
        txids: [String]? = nil, states: [String]? = nil, newestFirst: Bool = true, limit: Int = 100, offset: Int = 0
    ) {
        self.kind = kind
        self.account = account
        self.currency = currency
        self.ids = ids
        self.txids = txids
        self.states = states
        self.newestFirst = newestFirst
        self.limit = limit
        self.offset = offset
    }

    /// `true` if `record` is selected (limit and offset aside).
    public func matches(_ record: TransferRecord) -> Bool {
        record.kind == kind && record.account == account && (currency.map { $0 == record.currency } ?? true)
            && (ids.map { $0.contains(record.id) } ?? true)
            && (txids.map { txids in record.txid.map(txids.contains) ?? false } ?? true)
            && (states.map { $0.contains(record.state) } ?? true)
    }
}
