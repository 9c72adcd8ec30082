import BourseCore
import BourseStore
import Testing

/// Alerts, kept alike by every backend: every kind read back exactly, listed per account, and ended once
/// with the notification of a fired one in the same transaction.
@Suite("Store contract: alerts")
struct AlertStoreContractTests {
    static let btc = MarketCode("KRW-BTC")!

    @Test(arguments: StoreBackend.all)
    func everyKindIsStoredExactlyAndListedPerAccount(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ann = try await store.createAccount(named: "ann", at: Timestamp(milliseconds: 1)).id
            let ben = try await store.createAccount(named: "ben", at: Timestamp(milliseconds: 1)).id
            let conditions: [AlertCondition] = [
                .price(Self.btc, Price(units: 100_000_000_000_000_01), .above),
                .price(Self.btc, Price(units: 1), .below),
                .changeRate(Self.btc, ChangeRate(units: -250_000_000)),
                .value24h(Self.btc, FixedPointSum(units: Int128(Int64.max) * 1_000)),
                .item(ItemID(42), Funds(units: 50_000_00000000), minutes: 10),
            ]
            var added: [Alert] = []
            for (index, condition) in conditions.enumerated() {
                added.append(
                    try #require(
                        try await store.addAlert(
                            Alert(account: ann, condition: condition, createdAt: Timestamp(milliseconds: Int64(index))),
                            maximumActive: 10, keepingEnded: 10)))
            }
            let bens = try #require(
                try await store.addAlert(
                    Alert(account: ben, condition: conditions[0], createdAt: Timestamp(milliseconds: 9)),
                    maximumActive: 10, keepingEnded: 10))
            #expect(zip(added, added.dropFirst()).allSatisfy { $0.id < $1.id })
            #expect(added.allSatisfy { $0.state == .active && $0.endedAt == nil })
            #expect(try await store.alerts(of: ann, ended: 10) == added.reversed())
            #expect(try await store.alerts(of: ben, ended: 10) == [bens])
            #expect(try await store.activeAlerts() == added + [bens])

            // Another account's id deletes nothing.
            #expect(try await store.deleteAlert(added[0].id, of: ben) == false)
            #expect(try await store.deleteAlert(added[0].id, of: ann))
            #expect(try await store.deleteAlert(added[0].id, of: ann) == false)
            #expect(try await store.alerts(of: ann, ended: 10).map(\.id) == added.dropFirst().reversed().map(\.id))
        }
    }

    @Test(arguments: StoreBackend.all)
    func anAlertEndsOnceAndAFiredOneLeavesItsNotification(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ann = try await store.createAccount(named: "ann", at: Timestamp(milliseconds: 1)).id
            var alerts: [Alert] = []
            for line in [1, 2, 3] as [Int64] {
                alerts.append(
                    try #require(
                        try await store.addAlert(
                            Alert(
                                account: ann, condition: .value24h(Self.btc, FixedPointSum(units: Int128(line))),
                                createdAt: Timestamp(milliseconds: line)),
                            maximumActive: 10, keepingEnded: 10)))
            }
            let note = StoredNotification(
                account: ann, kind: "alert", text: "KRW-BTC crossed.", koreanText: "KRW-BTC 가격이 넘었습니다.",
                at: Timestamp(milliseconds: 50))
            let ended = try await store.endAlerts([
                AlertEnding(id: alerts[0].id, state: .fired, at: Timestamp(milliseconds: 50), notification: note),
                AlertEnding(id: alerts[1].id, state: .expired, at: Timestamp(milliseconds: 51), notification: nil),
            ])
            #expect(ended.map(\.id) == [alerts[0].id, alerts[1].id] && ended[1].notification == nil)
            let stored = ended.compactMap(\.notification)
            #expect(stored.count == 1 && stored[0].text == note.text && stored[0].id > 0 && !stored[0].read)
            #expect(try await store.notifications(of: ann, unreadOnly: true, before: nil, limit: 10) == stored)
            // Ending an ended alert again stores nothing: an alert fires once.
            #expect(
                try await store.endAlerts([
                    AlertEnding(id: alerts[0].id, state: .fired, at: Timestamp(milliseconds: 60), notification: note)
                ]).isEmpty)
            #expect(try await store.unreadNotificationCount(of: ann) == 1)
            #expect(try await store.activeAlerts().map(\.id) == [alerts[2].id])
            let listed = try await store.alerts(of: ann, ended: 1)
            #expect(listed.map(\.id) == [alerts[2].id, alerts[1].id])
            #expect(listed[1].state == .expired && listed[1].endedAt == Timestamp(milliseconds: 51))
            let fired = try await store.alerts(of: ann, ended: 5).first { $0.id == alerts[0].id }
            #expect(fired?.state == .fired && fired?.endedAt == Timestamp(milliseconds: 50))
            #expect(try await store.endAlerts([]).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.all)
    func anAccountsActiveAlertsAreCappedAndItsEndedOnesPruned(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ann = try await store.createAccount(named: "ann", at: Timestamp(milliseconds: 1)).id
            let ben = try await store.createAccount(named: "ben", at: Timestamp(milliseconds: 1)).id
            func add(_ account: AccountID, _ line: Int64) async throws -> Alert? {
                try await store.addAlert(
                    Alert(
                        account: account, condition: .value24h(Self.btc, FixedPointSum(units: Int128(line))),
                        createdAt: Timestamp(milliseconds: line)),
                    maximumActive: 3, keepingEnded: 2)
            }
            var ids: [UInt64] = []
            for line in 1...3 as ClosedRange<Int64> { ids.append(try #require(try await add(ann, line)).id) }
            #expect(try await add(ann, 4) == nil, "a fourth active alert is refused")
            #expect(try await add(ben, 4) != nil, "the cap is per account")
            // Ending three makes room; of the ended ones, the newest two are kept when the next is added.
            _ = try await store.endAlerts(
                ids.map { AlertEnding(id: $0, state: .expired, at: Timestamp(milliseconds: 9), notification: nil) })
            let next = try #require(try await add(ann, 5))
            let listed = try await store.alerts(of: ann, ended: 10)
            #expect(listed.map(\.id) == [next.id, ids[2], ids[1]])
        }
    }
}
