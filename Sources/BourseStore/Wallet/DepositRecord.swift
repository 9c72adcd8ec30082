public import BourseCore

/// A credited deposit, as `GET /v1/deposits` reports it: one per journaled deposit command (the CLI's
/// `bourse deposit`, or `POST /v1/deposits/krw`), named by that command's journal sequence.
public struct DepositRecord: Hashable, Sendable {
    /// The journal sequence of the deposit command (its UUID is spelled from it).
    public var id: UInt64
    /// The credited account.
    public var account: AccountID
    /// The currency.
    public var currency: String
    /// The amount credited.
    public var amount: Funds
    /// When it was journaled (created and done at once: the simulated bank and chains confirm at once).
    public var time: Timestamp

    /// A record; see each property.
    public init(id: UInt64, account: AccountID, currency: String, amount: Funds, time: Timestamp) {
        self.id = id
        self.account = account
        self.currency = currency
        self.amount = amount
        self.time = time
    }

    /// The deposits `result` credited.
    public static func deposits(of result: CommandResult) -> [DepositRecord] {
        result.events.compactMap { event in
            guard case .deposited(let deposited) = event else { return nil }
            return DepositRecord(
                id: result.entry.sequence, account: deposited.account, currency: deposited.currency.description,
                amount: deposited.amount, time: result.entry.time)
        }
    }
}
