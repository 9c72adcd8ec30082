import BourseCore
import BourseStore
import Testing

/// Deposits, withdrawals and wallet addresses: transfer records written with the journal commit (a later
/// record replaces one with the same kind and id), read back the same from every backend, never across
/// accounts or kinds.
@Suite("Store contract: deposits, withdrawals and addresses")
struct WalletStoreContractTests {
    typealias F = StoreFixtures
    static let alice = AccountID(1)
    static let bob = AccountID(2)

    static func record(
        _ kind: TransferRecord.Kind, _ id: UInt64, _ account: AccountID = alice, currency: String = "BTC",
        state: String = "ACCEPTED", txid: String? = nil, at time: Int64, done: Int64? = nil
    ) -> TransferRecord {
        TransferRecord(
            kind: kind, id: id, account: account, currency: currency, network: currency == "KRW" ? nil : currency,
            amount: Funds(units: 9_000_000_000_000_000_000 - Int64(id)), fee: Funds(units: Int64(id)), state: state,
            txid: txid, address: kind == .withdrawal ? "bc1q\(id)" : nil, memo: id == 7 ? "memo 7" : nil,
            isInternal: id % 2 == 0, createdAt: Timestamp(milliseconds: time),
            doneAt: done.map { Timestamp(milliseconds: $0) })
    }

    @Test(arguments: StoreBackend.all)
    func transfersAreListedPerAccountKindAndFilter(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let deposits = [
                Self.record(.deposit, 1, currency: "KRW", at: 10, done: 10),
                Self.record(.deposit, TransferRecord.coinDepositBit | 5, state: "PROCESSING", txid: "aa", at: 20),
                Self.record(.deposit, 3, Self.bob, currency: "KRW", at: 30, done: 30),
            ]
            let withdrawals = [
                Self.record(.withdrawal, 1, state: "WAITING", at: 15),
                Self.record(.withdrawal, 7, state: "WAITING", at: 25),
            ]
            try await store.append(
                JournalCommit(record: F.record(first: 1, count: 3), transfers: deposits + withdrawals))
            // The next commit moves two of them on; the second change of withdrawal 7 wins.
            var credited = deposits[1]
            credited.state = "ACCEPTED"
            credited.doneAt = Timestamp(milliseconds: 40)
            var sent = withdrawals[1]
            sent.state = "PROCESSING"
            sent.txid = "bb"
            var done = sent
            done.state = "DONE"
            done.doneAt = Timestamp(milliseconds: 45)
            try await store.append(
                JournalCommit(record: F.record(first: 4, count: 2), transfers: [credited, sent, done]))

            func list(_ query: TransferQuery) async throws -> [TransferRecord] { try await store.transfers(query) }
            #expect(try await list(TransferQuery(kind: .deposit, account: Self.alice)) == [credited, deposits[0]])
            #expect(
                try await list(TransferQuery(kind: .deposit, account: Self.alice, newestFirst: false))
                    == [deposits[0], credited])
            #expect(try await list(TransferQuery(kind: .withdrawal, account: Self.alice)) == [done, withdrawals[0]])
            #expect(
                try await list(TransferQuery(kind: .deposit, account: Self.alice, currency: "KRW")) == [deposits[0]])
            #expect(try await list(TransferQuery(kind: .deposit, account: Self.alice, ids: [3, 1])) == [deposits[0]])
            #expect(try await list(TransferQuery(kind: .withdrawal, account: Self.alice, txids: ["bb"])) == [done])
            #expect(try await list(TransferQuery(kind: .withdrawal, account: Self.alice, txids: ["aa"])) == [])
            #expect(
                try await list(TransferQuery(kind: .withdrawal, account: Self.alice, states: ["WAITING"]))
                    == [withdrawals[0]])
            #expect(try await list(TransferQuery(kind: .withdrawal, account: Self.alice, states: [])) == [])
            #expect(
                try await list(TransferQuery(kind: .deposit, account: Self.alice, limit: 1, offset: 1)) == [deposits[0]]
            )
            #expect(try await list(TransferQuery(kind: .deposit, account: Self.bob)) == [deposits[2]])
            #expect(try await list(TransferQuery(kind: .withdrawal, account: Self.bob)) == [])
        }
    }

    @Test(arguments: StoreBackend.all)
    func addressesAreKeptPerKindAndFoundByAddress(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let made = WalletAddress(
                kind: .deposit, account: Self.bob, currency: "XRP", network: "XRP", address: "rBob", memo: "1000002",
                createdAt: Timestamp(milliseconds: 10))
            let registered = WalletAddress(
                kind: .withdrawal, account: Self.alice, currency: "XRP", network: "XRP", address: "rBob",
                memo: "1000002", createdAt: Timestamp(milliseconds: 20))
            let other = WalletAddress(
                kind: .withdrawal, account: Self.alice, currency: "BTC", network: "BTC", address: "bc1qx", memo: nil,
                createdAt: Timestamp(milliseconds: 30))
            try await store.save(made)
            try await store.save(registered)
            try await store.save(other)
            try await store.save(other)  // saving again keeps one
            #expect(try await store.addresses(of: Self.alice, kind: .withdrawal) == [registered, other])
            #expect(try await store.addresses(of: Self.alice, kind: .deposit) == [])
            #expect(try await store.addresses(of: Self.bob, kind: .deposit) == [made])
            #expect(try await store.address("rBob", network: "XRP", kind: .deposit) == made)
            #expect(try await store.address("rBob", network: "XRP", kind: .withdrawal) == registered)
            #expect(try await store.address("rBob", network: "BTC", kind: .deposit) == nil)
        }
    }
}
