import Testing

@testable import BourseCore
@testable import BourseStore

/// The client identifiers moved from one dictionary to 256 (a writer stall as it doubled): snapshots must
/// not notice, so a data directory written by either build starts the other.
@Suite struct ClientIdentifiersSnapshotTests {
    static func keys(_ count: Int) -> [(Exchange.ClientIdentifier, OrderID)] {
        (0..<count).map { number in
            let identifier = OrderIdentifier("bot-\(number)-\(number * 7919)")!
            return (
                Exchange.ClientIdentifier(account: AccountID(UInt64(number % 13)), identifier: identifier),
                OrderID(UInt64(number + 1))
            )
        }
    }

    @Test func theyAreWrittenAndReadAsTheOneDictionaryTheyReplaced() throws {
        var sharded = ClientIdentifiers()
        var plain: [Exchange.ClientIdentifier: OrderID] = [:]
        for (key, order) in Self.keys(5_000) {
            sharded[key] = order
            plain[key] = order
        }
        #expect(sharded.count == 5_000)
        let readAsPlain = try SnapshotDecoder().decode(
            [Exchange.ClientIdentifier: OrderID].self, from: SnapshotEncoder().encode(sharded))
        #expect(readAsPlain == plain)
        let readAsSharded = try SnapshotDecoder().decode(ClientIdentifiers.self, from: SnapshotEncoder().encode(plain))
        #expect(readAsSharded == sharded)
        for (key, order) in Self.keys(5_000) { #expect(readAsSharded[key] == order) }
    }

    @Test func anIdentifierStaysUsedAcrossASnapshot() throws {
        let market = MarketCode("KRW-BTC")!
        var exchange = Exchange(markets: [Market(code: market)])
        let account = AccountID(1)
        _ = exchange.handle(
            .deposit(account, currency: "KRW", amount: Funds(units: 1_000_000 * 100_000_000)),
            at: .init(milliseconds: 1))
        var request = OrderRequest.limit(
            OrderID(1), account, market, .bid, price: Price(units: 1_000_000 * 100_000_000),
            volume: Volume(units: 1_000_000))
        request.identifier = "keep-1"
        #expect(
            exchange.handle(.place(request), at: .init(milliseconds: 2)).first.map { event in
                if case .accepted = event { true } else { false }
            } == true)
        var restored = try SnapshotDecoder().decode(Exchange.self, from: SnapshotEncoder().encode(exchange))
        #expect(restored == exchange)
        request.id = OrderID(2)
        let again = restored.handle(.place(request), at: .init(milliseconds: 3))
        guard case .rejected(let rejected) = again.first else {
            Issue.record("a used identifier was taken again: \(again)")
            return
        }
        #expect(rejected.reason == .duplicatedIdentifier)
        let cancelled = restored.handle(.cancel(.identifier("keep-1"), account: account), at: .init(milliseconds: 4))
        #expect(cancelled.contains { if case .cancelled = $0 { true } else { false } })
    }
}
