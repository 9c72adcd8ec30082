/// The withdrawals and coin deposits still under way: what the simulated chains have to move on, and
/// what keeps an account's withdrawal lock explained (an account's `locked` is what its open orders
/// reserve plus its unfinished withdrawals' amount and fee).
public struct Transfers: Hashable, Codable, Sendable {
    /// Unfinished withdrawals by id.
    public private(set) var withdrawals: [TransferID: Withdrawal] = [:]
    /// Deposits seen but not yet credited, by id.
    public private(set) var deposits: [TransferID: CoinDeposit] = [:]

    /// None under way.
    public init() {}

    /// All unfinished withdrawals, oldest first.
    public var pendingWithdrawals: [Withdrawal] { withdrawals.values.sorted { $0.id < $1.id } }

    /// All uncredited deposits, oldest first.
    public var pendingDeposits: [CoinDeposit] { deposits.values.sorted { $0.id < $1.id } }

    mutating func start(_ withdrawal: Withdrawal) { withdrawals[withdrawal.id] = withdrawal }

    mutating func update(_ withdrawal: Withdrawal) {
        withdrawals[withdrawal.id] = withdrawal.state.isFinal ? nil : withdrawal
    }

    mutating func start(_ deposit: CoinDeposit) { deposits[deposit.id] = deposit }

    mutating func finish(_ deposit: TransferID) { deposits[deposit] = nil }
}
