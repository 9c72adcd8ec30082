import BourseToolkit
import Testing

@testable import BourseCore

/// Random listings, bids, buy-now purchases, cancels and clock advances from five accounts, through the
/// single writer's ``ExchangeState``. After every command: the ledger audit (no negative balance, supply
/// conserved, every KRW lock explained by a live item's leader) holds, no price is above its leader's
/// maximum or below the start, and each item's sequence grows by one per public event with no gap. At the
/// end, a replay of the journal gives the same state and events.
@Suite("Auctions: randomized")
struct AuctionRandomizedTests {
    static let accounts = [alice, bob, carol, dave, seller]

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomAuctionsKeepTheLedgerBalancedAndReplayExactly(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var state = ExchangeState(markets: [Market(code: krwBTC)])
        var entries: [JournalEntry] = []
        var events: [Event] = []
        var trades: [TradeRecord] = []
        var sequences: [ItemID: UInt64] = [:]
        var seen: Set<String> = []
        var clock: Int64 = 0

        func submit(_ make: (OrderID) -> Command) {
            let entry = state.nextEntry(at: at(clock), make)
            let first = events.count
            state.apply(entry, events: &events, trades: &trades)
            entries.append(entry)
            for case .auction(let event) in events[first...] {
                seen.insert(Self.kind(of: event))
                guard let sequence = event.sequence else { continue }
                let expected = sequences[event.item, default: 0] + (Self.isPrivate(event) ? 0 : 1)
                #expect(sequence == expected, "\(event) after \(sequences[event.item, default: 0])")
                sequences[event.item] = sequence
            }
            #expect(state.exchange.auditViolations() == [], "after \(entry.command)")
            for item in state.exchange.auctions.items.values {
                #expect(item.sequence == sequences[item.id], "item \(item.id)")
                #expect(item.price >= item.terms.startPrice)
                if item.leader != nil { #expect(item.price <= item.leaderMaximum, "item \(item.id)") }
            }
        }

        for account in Self.accounts where account != dave {
            let amount = won(Int64(100_000 + random.next() % 2_000_000))
            submit { _ in .deposit(account, currency: "KRW", amount: amount) }
        }
        for _ in 0..<1_500 {
            clock += Int64(random.next() % 40)
            // The writer's clock first: every item whose deadline passed is advanced, as the shell would.
            for id in state.exchange.auctions.due(at: at(clock)) { submit { _ in .advanceAuction(id) } }
            let account = Self.accounts[Int(random.next() % UInt64(Self.accounts.count))]
            let items = state.exchange.auctions.items.keys.sorted()
            let item = items.isEmpty ? ItemID(1) : items[Int(random.next() % UInt64(items.count))]
            switch random.next() % 12 {
            case 0, 1:
                let terms = Self.randomTerms(seller: account, now: clock, &random)
                submit { id in .listItem(ItemID(id.rawValue), terms) }
            case 2:
                submit { _ in .buyNow(item, account: account) }
            case 3:
                let canceller = random.next() % 4 == 0 ? account : state.exchange.auctions.item(item)?.terms.seller
                submit { _ in .cancelItem(item, account: canceller ?? account) }
            case 4:
                submit { _ in .advanceAuction(item) }
            default:
                let maximum = Self.randomMaximum(for: state.exchange.auctions.item(item), &random)
                submit { _ in .bid(item, account: account, maximum: maximum) }
            }
        }
        clock += 100_000
        for id in state.exchange.auctions.due(at: at(clock)) { submit { _ in .advanceAuction(id) } }
        #expect(state.exchange.auctions.lockedByAccount.isEmpty, "every sale is over and every lock settled")

        let required = [
            "listed", "started", "bidAccepted", "outbid", "reserveMet", "extended", "ended sold", "ended unsold",
            "ended bought", "cancelled",
        ]
        let rejections = AuctionRejection.allCases.map { "rejected \($0)" }
        #expect(
            Set(required + rejections).subtracting(seen).isEmpty,
            "never seen: \(Set(required + rejections).subtracting(seen))")

        var replay = ExchangeState(markets: [Market(code: krwBTC)])
        var replayed: [Event] = []
        for chunk in stride(from: 0, to: entries.count, by: 64) {
            let record = JournalCodec.encode(entries[chunk..<min(chunk + 64, entries.count)])
            for entry in try JournalCodec.decode(record) { replay.apply(entry, events: &replayed, trades: &trades) }
        }
        #expect(replay == state)
        #expect(replayed == events)
    }

    static func randomTerms(seller: AccountID, now: Int64, _ random: inout SeededRandom) -> ItemTerms {
        let start = Int64(1 + random.next() % 60) * 1_000
        let reserve = random.next() % 3 == 0 ? start + Int64(random.next() % 30) * 1_000 : nil
        let buyNow = random.next() % 3 == 0 ? max(start, reserve ?? 0) + Int64(1 + random.next() % 200) * 1_000 : nil
        let startsAt = now + Int64(random.next() % 3) * 60
        let endsAt = startsAt + 300 + Int64(random.next() % 900)
        let hardEnd = random.next() % 2 == 0 ? endsAt + Int64(random.next() % 300) : nil
        let increments =
            random.next() % 5 == 0
            ? IncrementTable(bands: [.init(below: won(30_000), step: won(250))], topStep: won(3_000)) : .standard
        // One listing in twenty is impossible (an end before its start), to see it refused.
        let end = random.next() % 20 == 0 ? startsAt - 1 : endsAt
        return ItemTerms(
            seller: seller, startPrice: won(start), reservePrice: reserve.map(won), buyNowPrice: buyNow.map(won),
            startsAt: at(startsAt), endsAt: at(end), softCloseSeconds: Int64(random.next() % 180),
            extensionSeconds: Int64(random.next() % 180), hardEndAt: hardEnd.map(at), increments: increments)
    }

    /// Around the item's minimum bid: a few steps below to many above, now and then a fraction of a won
    /// or more than anyone holds.
    static func randomMaximum(for item: AuctionItem?, _ random: inout SeededRandom) -> Funds {
        guard let item, let minimum = item.minimumBid else { return won(Int64(1 + random.next() % 100_000)) }
        switch random.next() % 20 {
        case 0: return Funds(units: minimum.units + 1)
        case 1: return won(5_000_000)
        default:
            let step = item.terms.increments.step(at: minimum).units
            return Funds(units: max(step, minimum.units + (Int64(random.next() % 24) - 3) * step))
        }
    }

    static func isPrivate(_ event: AuctionEvent) -> Bool {
        if case .outbid = event { true } else { false }
    }

    static func kind(of event: AuctionEvent) -> String {
        switch event {
        case .listed: "listed"
        case .started: "started"
        case .bidAccepted: "bidAccepted"
        case .outbid: "outbid"
        case .reserveMet: "reserveMet"
        case .extended: "extended"
        case .ended(let ended): ended.boughtNow ? "ended bought" : "ended \(ended.state)"
        case .cancelled: "cancelled"
        case .rejected(let rejected): "rejected \(rejected.reason)"
        }
    }
}
