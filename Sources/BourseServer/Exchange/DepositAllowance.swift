import BourseCore
import BourseStore
import Synchronization

/// How much KRW each account has been given through `POST /v1/deposits/krw` in all, so the demo's free
/// money has a lifetime bound per account.
///
/// The ledger counts each currency's supply in 64 bits (about 92 billion won). A bound on what an account
/// holds did not bound what it is given: a probe's account could deposit, spend the won on coin sold by the
/// demo's makers (who keep it), and deposit again until the supply was full and everyone's deposits were
/// refused. Bounding the total given makes that cost 92 accounts, and sign-ups are throttled.
///
/// Totals are read from the store (every KRW deposit of the account, the CLI's too) the first time an
/// account deposits after a start, then kept here. One deposit per account runs at a time (a second gets
/// `429`), so two racing deposits cannot both pass the bound.
final class DepositAllowance: Sendable {
    /// The most KRW an account is given through the route in all (1,000,000,000 won).
    static let lifetime = Funds(units: 1_000_000_000 * fixedPointScale)
    /// Deposits read per page when an account's total is first counted.
    static let page = 1_000

    private struct Account {
        var total: Int64
        var depositing: Bool
    }

    private let accounts = Mutex<[AccountID: Account]>([:])

    /// What a deposit of `amount` by `account` may do.
    enum Verdict: Equatable {
        /// Go ahead, then call ``finish(_:deposited:)``.
        case allowed
        /// It would pass ``lifetime``.
        case overLimit
        /// Another deposit of the account is being made.
        case busy
    }

    /// Reserves `account`'s turn for a deposit of `amount`, counting its past deposits in `store` if this is
    /// its first since start.
    func begin(_ account: AccountID, amount: Funds, store: any Store) async throws -> Verdict {
        let known = accounts.withLock { accounts -> Verdict? in
            guard var entry = accounts[account] else { return nil }
            if entry.depositing { return .busy }
            guard amount.units <= Self.lifetime.units - entry.total else { return .overLimit }
            entry.depositing = true
            accounts[account] = entry
            return .allowed
        }
        if let known { return known }
        let total = try await Self.deposited(by: account, in: store)
        accounts.withLock { accounts in
            if accounts[account] == nil { accounts[account] = Account(total: total, depositing: false) }
        }
        return try await begin(account, amount: amount, store: store)
    }

    /// Ends `account`'s turn; `deposited` is what was credited (zero if the deposit failed).
    func finish(_ account: AccountID, deposited: Funds) {
        accounts.withLock { accounts in
            accounts[account]?.depositing = false
            accounts[account]?.total += deposited.units
        }
    }

    /// Every KRW deposit `account` has in `store`, summed (saturating: a total past Int64 is past the bound).
    private static func deposited(by account: AccountID, in store: any Store) async throws -> Int64 {
        var query = TransferQuery(kind: .deposit, account: account, currency: "KRW", newestFirst: false, limit: page)
        var total: Int64 = 0
        while true {
            let found = try await store.transfers(query)
            for transfer in found {
                let (sum, overflow) = total.addingReportingOverflow(transfer.amount.units)
                total = overflow ? .max : sum
            }
            guard found.count == page else { return total }
            query.offset += page
        }
    }
}
