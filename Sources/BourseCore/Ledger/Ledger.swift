/// Every account's balances and locks, and the fees the exchange collected.
///
/// Rows are addressed by integer slots (`account slot × currency stride + currency index`), so a fill
/// touches arrays, not hash tables. An account gets a slot on its first deposit; a currency gets an
/// index when a market or deposit first names it.
///
/// Invariants (checked by the randomized tests after every command): no `available` or `locked` is
/// negative; per currency, the sum over accounts of `available + locked` plus the fees collected equals
/// everything deposited less everything withdrawn; an account's `locked` equals what its open orders
/// reserve plus its unfinished withdrawals' amounts and fees plus the maxima of the live auctions it leads.
public struct Ledger: Sendable, Equatable, Codable {
    private(set) var currencies: [String] = []
    private var currencyIndex: [String: Int32] = [:]
    private(set) var accounts: [AccountID] = []
    /// Account id + 1 → slot (key 0 is reserved by the index).
    private var accountSlots = SlotIndex(capacity: 64)
    private var stride = 4
    var rows: ContiguousArray<BalanceRow> = []
    private(set) var fees: ContiguousArray<Int64> = []
    private(set) var supply: ContiguousArray<Int64> = []

    /// An empty ledger.
    public init() {}

    // MARK: - Reading

    /// All currencies the ledger knows, in the order they were first named.
    public var knownCurrencies: [String] { currencies }

    /// All accounts with a slot, in the order they were first credited.
    public var knownAccounts: [AccountID] { accounts }

    /// The account's holding of `currency` (zero if it has none).
    public func balance(of account: AccountID, _ currency: String) -> Balance {
        guard let slot = slot(of: account), let index = currencyIndex[currency] else {
            return Balance(currency: currency, balance: .zero, locked: .zero, averageBuyPrice: .zero, unitCurrency: nil)
        }
        return publicBalance(rows[row(slot, index)], currency: index)
    }

    /// Every currency the account holds or has locked, in ledger order.
    public func balances(of account: AccountID) -> [Balance] {
        guard let slot = slot(of: account) else { return [] }
        return currencies.indices.compactMap { index in
            let row = rows[row(slot, Int32(index))]
            return row.available == 0 && row.locked == 0 ? nil : publicBalance(row, currency: Int32(index))
        }
    }

    /// Everything ever deposited in `currency`: the sum of all balances, locks and fees collected.
    public func totalSupply(_ currency: String) -> Funds {
        currencyIndex[currency].map { Funds(units: supply[Int($0)]) } ?? .zero
    }

    /// The fees collected in `currency`.
    public func feesCollected(_ currency: String) -> Funds {
        currencyIndex[currency].map { Funds(units: fees[Int($0)]) } ?? .zero
    }

    private func publicBalance(_ row: BalanceRow, currency: Int32) -> Balance {
        Balance(
            currency: currencies[Int(currency)], balance: Funds(units: row.available), locked: Funds(units: row.locked),
            averageBuyPrice: Price(units: row.averageBuyPrice),
            unitCurrency: row.averageUnit >= 0 ? currencies[Int(row.averageUnit)] : nil)
    }

    // MARK: - Slots

    /// The currency's index, registering it if new.
    mutating func currency(_ code: String) -> Int32 {
        if let index = currencyIndex[code] { return index }
        let index = Int32(currencies.count)
        currencies.append(code)
        currencyIndex[code] = index
        fees.append(0)
        supply.append(0)
        if currencies.count > stride { restride(to: stride * 2) }
        return index
    }

    /// The account's slot if it has one.
    @inline(__always) func slot(of account: AccountID) -> Int32? {
        accountSlots.value(for: account.rawValue &+ 1).map { Int32(truncatingIfNeeded: $0) }
    }

    /// The account's slot, giving it one if new.
    mutating func openSlot(for account: AccountID) -> Int32 {
        if let slot = slot(of: account) { return slot }
        precondition(account.rawValue != .max, "account id UInt64.max is reserved")
        let slot = Int32(accounts.count)
        accounts.append(account)
        accountSlots.insert(account.rawValue &+ 1, UInt64(slot))
        rows.append(contentsOf: repeatElement(BalanceRow(), count: stride))
        return slot
    }

    @inline(__always) func row(_ slot: Int32, _ currency: Int32) -> Int {
        Int(slot) * stride + Int(currency)
    }

    private mutating func restride(to newStride: Int) {
        var newRows = ContiguousArray(repeating: BalanceRow(), count: accounts.count * newStride)
        for slot in 0..<accounts.count {
            for currency in 0..<stride {
                newRows[slot * newStride + currency] = rows[slot * stride + currency]
            }
        }
        rows = newRows
        stride = newStride
    }

    // MARK: - Moving funds

    /// Brings `amount` of new money into the account (a deposit); `false` (and nothing changed) if the
    /// currency's total supply would overflow. Capping the supply is what lets every other credit be
    /// unchecked: no balance can exceed the supply.
    mutating func deposit(_ slot: Int32, _ currency: Int32, _ amount: Int64) -> Bool {
        let (newSupply, overflow) = supply[Int(currency)].addingReportingOverflow(amount)
        if overflow || amount < 0 { return false }
        supply[Int(currency)] = newSupply
        rows[row(slot, currency)].available += amount
        return true
    }

    /// Credits `amount` moved from another account.
    mutating func credit(_ slot: Int32, _ currency: Int32, _ amount: Int64) {
        rows[row(slot, currency)].available += amount
    }

    /// Moves `amount` from available to locked; `false` (and nothing changed) if not enough is available.
    mutating func lock(_ slot: Int32, _ currency: Int32, _ amount: Int64) -> Bool {
        let index = row(slot, currency)
        guard rows[index].available >= amount else { return false }
        rows[index].available -= amount
        rows[index].locked += amount
        return true
    }

    /// Moves `amount` from locked back to available.
    mutating func unlock(_ slot: Int32, _ currency: Int32, _ amount: Int64) {
        let index = row(slot, currency)
        rows[index].locked -= amount
        rows[index].available += amount
    }

    /// Removes `amount` from locked: it leaves the account (paid to a counterparty or as a fee).
    mutating func spendLocked(_ slot: Int32, _ currency: Int32, _ amount: Int64) {
        rows[row(slot, currency)].locked -= amount
    }

    /// Removes `amount` from the currency's supply: it left the exchange (a done withdrawal, whose locked
    /// funds were spent with ``spendLocked(_:_:_:)``).
    mutating func removeSupply(_ currency: Int32, _ amount: Int64) {
        supply[Int(currency)] -= amount
    }

    /// Adds a collected fee.
    mutating func collectFee(_ currency: Int32, _ amount: Int64) {
        fees[Int(currency)] += amount
    }

}
