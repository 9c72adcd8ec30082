import BourseToolkit
import Testing

@testable import BourseCore

/// Withdrawals and coin deposits in the exchange: what each step locks, unlocks, removes and credits, the
/// steps refused, and (randomized) that balances, locks, supply and fees always add up.
@Suite("Transfers")
struct TransfersTests {
    static func request(
        _ id: UInt64, _ account: AccountID = alice, _ currency: CurrencyCode = "BTC", amount: String,
        fee: String = "0.0005"
    ) -> WithdrawalRequest {
        WithdrawalRequest(
            id: TransferID(id), account: account, currency: currency, network: currency.description, amount: f(amount),
            fee: f(fee), address: "bc1qdestination", memo: nil, isInternal: false)
    }

    static func withdrawal(_ events: [Event]) -> Withdrawal? {
        guard case .withdrawal(let withdrawal) = events.first else { return nil }
        return withdrawal
    }

    @Test func aWithdrawalLocksAmountAndFeeAndWhenDoneTheAmountLeavesAndTheFeeIsCollected() throws {
        var fixture = Fixture.funded()
        let requested = try #require(Self.withdrawal(fixture.run(.withdraw(Self.request(100, amount: "0.3")))))
        #expect(requested.state == .waiting && requested.isCancelable && requested.txid == nil)
        #expect(fixture.balance(alice, "BTC") == ("0.6995", "0.3005"))
        #expect(fixture.exchange.transfers.pendingWithdrawals.map(\.id) == [TransferID(100)])

        let sent = try #require(
            Self.withdrawal(fixture.run(.advanceWithdrawal(TransferID(100), .send, account: alice))))
        #expect(sent.state == .processing && !sent.isCancelable)
        #expect(sent.txid == Withdrawal.txid(of: TransferID(100), network: "BTC") && sent.txid?.count == 64)
        let cancel = fixture.run(.advanceWithdrawal(TransferID(100), .cancel, account: alice))
        #expect(cancel.count == 1)
        guard case .rejected(let refused) = cancel.first else { Issue.record("cancel after send: \(cancel)"); return }
        #expect(refused.reason == .withdrawNotCancelable)

        let done = try #require(
            Self.withdrawal(fixture.run(.advanceWithdrawal(TransferID(100), .complete, account: alice))))
        #expect(done.state == .done && done.doneAt == t0)
        #expect(fixture.balance(alice, "BTC") == ("0.6995", "0"))
        #expect(fixture.exchange.ledger.totalSupply("BTC") == f("1.7"), "2 BTC deposited, 0.3 left the exchange")
        #expect(fixture.exchange.ledger.feesCollected("BTC") == f("0.0005"))
        #expect(fixture.exchange.transfers.pendingWithdrawals.isEmpty)
    }

    @Test func aCancelledOrFailedWithdrawalUnlocksEverything() throws {
        var fixture = Fixture.funded()
        fixture.run(.withdraw(Self.request(1, amount: "0.5")))
        fixture.run(.withdraw(Self.request(2, amount: "0.25")))
        #expect(fixture.balance(alice, "BTC") == ("0.249", "0.751"))
        #expect(
            Self.withdrawal(fixture.run(.advanceWithdrawal(TransferID(1), .cancel, account: alice)))?.state
                == .cancelled)
        fixture.run(.advanceWithdrawal(TransferID(2), .send, account: alice))
        #expect(
            Self.withdrawal(fixture.run(.advanceWithdrawal(TransferID(2), .fail, account: alice)))?.state == .failed)
        #expect(fixture.balance(alice, "BTC") == ("1", "0"))
        #expect(
            fixture.exchange.ledger.totalSupply("BTC") == f("2")
                && fixture.exchange.ledger.feesCollected("BTC") == .zero)
    }

    @Test func refusals() {
        var fixture = Fixture.funded()
        func reason(_ command: Command) -> Rejection? {
            guard case .rejected(let rejected) = fixture.run(command).first else { return nil }
            return rejected.reason
        }
        #expect(reason(.withdraw(Self.request(1, amount: "0.9996"))) == .insufficientFundsWithdraw, "fee on top")
        #expect(reason(.withdraw(Self.request(2, bob, amount: "0.1"))) == .insufficientFundsWithdraw, "bob has no BTC")
        #expect(reason(.withdraw(Self.request(3, AccountID(99), amount: "1"))) == .insufficientFundsWithdraw)
        #expect(reason(.withdraw(Self.request(4, amount: "0"))) == .invalidFunds)
        #expect(reason(.withdraw(Self.request(5, amount: "0.1"))) == nil)
        #expect(reason(.withdraw(Self.request(5, amount: "0.1"))) == .invalidFunds, "an id is used once")
        #expect(reason(.advanceWithdrawal(TransferID(5), .cancel, account: bob)) == .withdrawNotFound, "not bob's")
        #expect(reason(.advanceWithdrawal(TransferID(6), .send, account: alice)) == .withdrawNotFound)
        #expect(reason(.advanceWithdrawal(TransferID(5), .complete, account: alice)) == .withdrawNotCancelable)
        #expect(reason(.advanceWithdrawal(TransferID(5), .cancel, account: alice)) == nil)
        #expect(reason(.advanceWithdrawal(TransferID(5), .cancel, account: alice)) == .withdrawNotFound, "finished")
        #expect(fixture.balance(alice, "BTC") == ("1", "0"))
    }

    @Test func aCoinDepositIsCreditedOnlyWhenConfirmed() throws {
        var fixture = Fixture.funded()
        let incoming = IncomingDeposit(
            id: TransferID(7), account: bob, currency: "BTC", network: "BTC", amount: f("0.4"), txid: "abc",
            isInternal: false)
        guard case .coinDeposit(let seen) = fixture.run(.receiveDeposit(incoming)).first else {
            Issue.record("no coin deposit event")
            return
        }
        #expect(seen.state == .processing && seen.doneAt == nil)
        #expect(fixture.balance(bob, "BTC") == ("0", "0"))
        #expect(fixture.exchange.transfers.pendingDeposits.map(\.id) == [TransferID(7)])
        guard case .coinDeposit(let credited) = fixture.run(.confirmDeposit(TransferID(7))).first else {
            Issue.record("no credit")
            return
        }
        #expect(credited.state == .accepted && credited.doneAt == t0)
        #expect(fixture.balance(bob, "BTC") == ("0.4", "0"))
        #expect(fixture.exchange.ledger.totalSupply("BTC") == f("2.4"))
        #expect(fixture.run(.confirmDeposit(TransferID(7))).isEmpty, "confirmed once")
    }

    /// Random withdrawals, steps, arrivals and confirmations from three accounts: after every command no
    /// balance is negative, each account's lock is exactly its unfinished withdrawals' amount plus fee, and
    /// the supply is the balances plus locks plus fees.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomTransfersKeepTheLedgerBalanced(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var fixture = Fixture.funded()
        let accounts = [alice, bob, carol]
        var nextID: UInt64 = 1
        var used: Set<String> = []
        for _ in 0..<2_000 {
            let account = accounts[Int(random.next() % 3)]
            let currency: CurrencyCode = random.next() % 2 == 0 ? "BTC" : "KRW"
            let command: Command
            switch random.next() % 5 {
            case 0, 1:
                let scale: UInt64 = currency == "BTC" ? 50_000_000 : 60_000_000_000_000
                let amount = Funds(units: Int64(random.next() % scale))
                let fee = Funds(units: Int64(random.next() % 100_000))
                command = .withdraw(
                    WithdrawalRequest(
                        id: TransferID(nextID), account: account, currency: currency, network: nil, amount: amount,
                        fee: fee, address: nil, memo: nil, isInternal: false))
                nextID += 1
            case 2:
                let pending = fixture.exchange.transfers.pendingWithdrawals
                guard !pending.isEmpty else { continue }
                let target = pending[Int(random.next() % UInt64(pending.count))]
                let step = WithdrawalStep.allCases[Int(random.next() % 4)]
                let owner = random.next() % 10 == 0 ? accounts[Int(random.next() % 3)] : target.account
                command = .advanceWithdrawal(target.id, step, account: owner)
            case 3:
                command = .receiveDeposit(
                    IncomingDeposit(
                        id: TransferID(nextID), account: account, currency: currency, network: "X",
                        amount: Funds(units: Int64(random.next() % 10_000_000_000)), txid: "t\(nextID)",
                        isInternal: false))
                nextID += 1
            default:
                let pending = fixture.exchange.transfers.pendingDeposits
                guard !pending.isEmpty else { continue }
                command = .confirmDeposit(pending[Int(random.next() % UInt64(pending.count))].id)
            }
            for event in fixture.run(command) {
                if case .withdrawal(let withdrawal) = event { used.insert(withdrawal.state.rawValue) }
            }
            // Checked with plain comparisons, each command's withdrawals listed once: an `#expect` per check
            // and a sorted list per account made this test take a minute in a debug build.
            let ledger = fixture.exchange.ledger
            let withdrawals = fixture.exchange.transfers.pendingWithdrawals
            for code in ["BTC", "KRW"] {
                var held: Int64 = 0
                for account in accounts {
                    let balance = ledger.balance(of: account, code)
                    let locked = withdrawals.reduce(Int64(0)) { sum, withdrawal in
                        withdrawal.account == account && withdrawal.currency.description == code
                            ? sum + withdrawal.amount.units + withdrawal.fee.units : sum
                    }
                    guard balance.balance.units >= 0, balance.locked.units >= 0, balance.locked.units == locked else {
                        Issue.record("seed \(seed): \(account) holds \(balance) of \(code); withdrawals lock \(locked)")
                        return
                    }
                    held += balance.balance.units + balance.locked.units
                }
                guard ledger.totalSupply(code).units == held + ledger.feesCollected(code).units else {
                    Issue.record("seed \(seed): the supply of \(code) is not the balances, locks and fees")
                    return
                }
            }
        }
        #expect(used == Set(WithdrawalState.allCases.map(\.rawValue)), "every state was reached")
    }
}
