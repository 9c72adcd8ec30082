import Testing

@testable import BourseCore

@Suite("Auctions: journal and replay")
struct AuctionJournalTests {
    static let fullTerms = ItemTerms(
        seller: seller, startPrice: won(10_000), reservePrice: won(50_000), buyNowPrice: won(90_000),
        startsAt: at(30), endsAt: at(3_600), softCloseSeconds: 300, extensionSeconds: 60, hardEndAt: at(7_200),
        increments: IncrementTable(bands: [.init(below: won(20_000), step: won(500))], topStep: won(2_000)),
        feeRate: FeeRate(units: 3_000_000))

    /// One of each auction command, the listing both with every option and with none.
    static let commands: [Command] = [
        .listItem(ItemID(21), fullTerms),
        .listItem(ItemID(22), ItemTerms(seller: seller, startPrice: won(1_000), startsAt: at(0), endsAt: at(60))),
        .bid(ItemID(21), account: alice, maximum: won(25_000)),
        .buyNow(ItemID(21), account: bob),
        .cancelItem(ItemID(22), account: seller),
        .advanceAuction(ItemID(21)),
    ]

    @Test func everyAuctionCommandRoundTrips() throws {
        for command in Self.commands {
            let entry = JournalEntry(sequence: 9, time: t0, command: command)
            #expect(try JournalCodec.decode(JournalCodec.encode([entry])) == [entry])
        }
    }

    @Test(arguments: zip(Self.commands, [10, 10, 11, 12, 13, 14] as [UInt8]))
    func auctionCommandsTakeNewTagsAfterTheExistingOnes(command: Command, tag: UInt8) {
        // version, sequence (8), count (4), time (8), then the tag.
        #expect(JournalCodec.encode([JournalEntry(sequence: 1, time: t0, command: command)])[21] == tag)
    }

    @Test func aListingOnTheStandardTableIsSixtyFiveBytes() {
        let bytes = JournalCodec.encode([JournalEntry(sequence: 1, time: t0, command: Self.commands[1])])
        #expect(bytes.count == 21 + 1 + 65 + 8)
    }

    @Test func aReplayOfTheJournalGivesTheSameWinnersEventsAndLedger() throws {
        var original = ExchangeState(markets: [Market(code: krwBTC)])
        var entries: [JournalEntry] = []
        var events: [Event] = []
        var trades: [TradeRecord] = []
        func submit(_ seconds: Int64, _ make: (OrderID) -> Command) {
            let entry = original.nextEntry(at: at(seconds), make)
            original.apply(entry, events: &events, trades: &trades)
            entries.append(entry)
        }
        for account in [alice, bob, carol] {
            submit(0) { _ in .deposit(account, currency: "KRW", amount: won(500_000)) }
        }
        submit(0) { id in .listItem(ItemID(id.rawValue), Self.fullTerms) }
        submit(1) { id in
            .listItem(
                ItemID(id.rawValue), ItemTerms(seller: bob, startPrice: won(5_000), startsAt: at(1), endsAt: at(600)))
        }
        #expect(original.nextOrderID == OrderID(3), "item ids come from the order id counter")
        submit(40) { _ in .advanceAuction(ItemID(1)) }
        submit(50) { _ in .bid(ItemID(1), account: alice, maximum: won(40_000)) }
        submit(60) { _ in .bid(ItemID(1), account: carol, maximum: won(60_000)) }
        submit(70) { _ in .bid(ItemID(2), account: alice, maximum: won(7_000)) }
        submit(3_590) { _ in .bid(ItemID(1), account: alice, maximum: won(70_000)) }
        submit(3_600) { _ in .advanceAuction(ItemID(2)) }
        submit(3_700) { _ in .advanceAuction(ItemID(1)) }
        let sold = try #require(original.exchange.auctions.item(ItemID(1)))
        #expect(sold.state == .sold && sold.leader == alice && sold.price == won(62_000))
        #expect(original.exchange.auctions.item(ItemID(2))?.state == .sold)

        var replay = ExchangeState(markets: [Market(code: krwBTC)])
        var replayed: [Event] = []
        for entry in try JournalCodec.decode(JournalCodec.encode(entries)) {
            replay.apply(entry, events: &replayed, trades: &trades)
        }
        #expect(replay == original)
        #expect(replayed == events)
        #expect(replay.exchange.auditViolations() == [])
    }
}
