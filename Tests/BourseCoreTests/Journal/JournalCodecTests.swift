import Testing

@testable import BourseCore

@Suite("Journal codec")
struct JournalCodecTests {
    static let commands: [Command] = [
        .deposit(alice, currency: "KRW", amount: f("123456.78901234")),
        .place(.limit(OrderID(7), alice, krwBTC, .bid, price: p("100000000"), volume: v("0.0001"))),
        .place(
            OrderRequest(
                id: OrderID(8), account: bob, market: krwBTC, side: .ask, type: .limit, price: p("99000000"),
                volume: v("1"), timeInForce: .postOnly, selfTradePrevention: .cancelTaker, identifier: "ID-한글-1")),
        .place(.marketBuy(OrderID(9), carol, krwBTC, total: f("10000"))),
        .place(.marketSell(OrderID(10), carol, krwBTC, volume: v("0.5"))),
        .place(
            OrderRequest(
                id: OrderID(11), account: bob, market: krwBTC, side: .bid, type: .best, price: p("5000"),
                timeInForce: .ioc)),
        .cancel(.id(OrderID(7)), account: alice),
        .cancel(.identifier("ID-한글-1"), account: bob),
        .cancelAndReplace(
            .id(OrderID(8)), account: bob,
            ReplacementRequest(id: OrderID(12), price: p("98000000"), volume: .remainOnly)),
        .cancelAndReplace(
            .identifier("x"), account: bob,
            ReplacementRequest(
                id: OrderID(13), type: .limit, price: p("97000000"), volume: .volume(v("0.25")), timeInForce: .fok,
                selfTradePrevention: .reduce, identifier: "y")),
        .setMarketState(krwBTC, .suspended),
        .withdraw(
            WithdrawalRequest(
                id: TransferID(14), account: alice, currency: "XRP", network: "XRP", amount: f("21.5"), fee: f("1"),
                address: "rExample", memo: "1000001", isInternal: true)),
        .withdraw(
            WithdrawalRequest(
                id: TransferID(15), account: bob, currency: "KRW", network: nil, amount: f("5000"), fee: f("1000"),
                address: nil, memo: nil, isInternal: false)),
        .advanceWithdrawal(TransferID(14), .send, account: alice),
        .advanceWithdrawal(TransferID(15), .cancel, account: bob),
        .receiveDeposit(
            IncomingDeposit(
                id: TransferID(16), account: carol, currency: "BTC", network: "BTC", amount: f("0.1"),
                txid: "9f5d47a53a83cf50", isInternal: false)),
        .confirmDeposit(TransferID(16)),
    ]

    /// Every kind of command, the auction house's included.
    static var entries: [JournalEntry] {
        (commands + AuctionJournalTests.commands).enumerated().map { index, command in
            JournalEntry(
                sequence: 41 + UInt64(index), time: Timestamp(milliseconds: 1_767_225_600_000 + Int64(index)),
                command: command)
        }
    }

    @Test func everyKindOfCommandRoundTrips() throws {
        let bytes = JournalCodec.encode(Self.entries)
        #expect(try JournalCodec.decode(bytes) == Self.entries)
        #expect(try JournalCodec.header(of: bytes) == (41, Self.entries.count))
    }

    @Test func everyTruncationIsRefused() {
        let bytes = JournalCodec.encode(Self.entries)
        for length in 0..<bytes.count {
            #expect(throws: ByteReaderError.self) { try JournalCodec.decode(Array(bytes[..<length])) }
        }
    }

    @Test func anyFlippedByteIsRefused() {
        let bytes = JournalCodec.encode(Self.entries)
        for index in bytes.indices {
            var damaged = bytes
            damaged[index] ^= 0x20
            #expect(throws: ByteReaderError.self) { try JournalCodec.decode(damaged) }
        }
    }

    @Test func enumIndexesArePinnedSoOldRecordsStayReadable() {
        // Reordering these cases would silently change what old journals mean.
        #expect(Side.allCases == [.bid, .ask])
        #expect(OrderType.allCases == [.limit, .price, .market, .best])
        #expect(TimeInForce.allCases == [.ioc, .fok, .postOnly])
        #expect(SelfTradePrevention.allCases == [.cancelMaker, .cancelTaker, .reduce])
        #expect(MarketState.allCases == [.active, .suspended])
        let bytes = JournalCodec.encode([
            JournalEntry(sequence: 1, time: t0, command: .setMarketState(krwBTC, .suspended))
        ])
        // version, sequence (8), count (4), time (8), tag 5, "KRW-BTC" (1 + 7), state index 1, checksum (8)
        #expect(bytes.count == 1 + 8 + 4 + 8 + 1 + 8 + 1 + 8)
        #expect(bytes[21] == 5)
        #expect(bytes[30] == 1)
    }
}
