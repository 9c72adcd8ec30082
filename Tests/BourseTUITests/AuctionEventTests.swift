import BourseClient
import BourseTUI
import Foundation
import Testing

@Suite("Socket events applied to the rows, the open item and the status line")
struct AuctionEventTests {
    typealias F = AuctionFixtures

    static func event(_ item: Int64, seq: Int64, _ change: AuctionStream.Change) -> AuctionStream.Event {
        AuctionStream.Event(item: item, seq: seq, serverTime: F.now, change: change)
    }

    static func price(_ price: Int64, bids: Int, leader: String, endsIn seconds: Double) -> AuctionStream.Change {
        .price(
            AuctionStream.PriceChange(
                price: Won(price), previousPrice: Won(price - 1_000), bidCount: bids, leader: leader,
                reserve: .met, buyNowPrice: nil, effectiveEndsAt: F.now.addingTimeInterval(seconds)))
    }

    /// `item.apply(event)` outside `#expect`, which cannot call a mutating method.
    static func apply(_ item: inout AuctionItem, _ event: AuctionStream.Event) -> Bool {
        item.apply(event)
    }

    @Test func aPriceEventCarriesTheStateAfterItsLastChange() {
        var item = F.item(id: 1, title: "Lens", price: 10_000, endsIn: 60, reserve: "not_met", buyNow: 50_000, seq: 3)
        // Conflated: changes 4…7 summed up in one event.
        let conflated = AuctionStream.Event(
            item: 1, seq: 7, firstSeq: 4, serverTime: F.now,
            change: Self.price(14_000, bids: 4, leader: "bidder 2", endsIn: 120))
        #expect(Self.apply(&item, conflated))
        #expect(item.price == Won(14_000) && item.bidCount == 4 && item.leader == "bidder 2")
        #expect(item.reserve == .met && item.buyNowPrice == nil && item.seq == 7)
        #expect(item.effectiveEndsAt == F.now.addingTimeInterval(120))
        // Older than what is held (a REST copy overtook it), or another item's: ignored.
        #expect(!Self.apply(&item, Self.event(1, seq: 6, Self.price(13_000, bids: 3, leader: "bidder 1", endsIn: 60))))
        #expect(!Self.apply(&item, Self.event(2, seq: 8, .reserveMet)))
        #expect(item.price == Won(14_000))
    }

    @Test func extensionsEndsSnapshotsAndWatchers() {
        var item = F.item(id: 1, title: "Lens", price: 10_000, endsIn: 60, seq: 1)
        let later = F.now.addingTimeInterval(90)
        #expect(Self.apply(&item, Self.event(1, seq: 2, .extended(effectiveEndsAt: later, previousEndsAt: F.now))))
        #expect(item.effectiveEndsAt == F.now.addingTimeInterval(90) && item.seq == 2)
        #expect(Self.apply(&item, Self.event(1, seq: 3, .reserveMet)) && item.reserve == .met)
        #expect(Self.apply(&item, Self.event(1, seq: 2, .watchers(count: 5))) && item.watchers == 5)
        #expect(!Self.apply(&item, Self.event(1, seq: 3, .endingSoon(secondsLeft: 60))))
        #expect(Self.apply(&item, Self.event(1, seq: 4, .ended(state: .sold, price: Won(12_000), winner: "bidder 3"))))
        #expect(item.state == .sold && item.price == Won(12_000) && item.leader == "bidder 3")
        let fresh = F.item(id: 1, title: "Lens", price: 20_000, bids: 5, endsIn: 30, seq: 9)
        #expect(
            Self.apply(&item, Self.event(1, seq: 9, .snapshot(fresh))) && item.price == Won(20_000) && item.seq == 9)
    }

    @Test func theStateUpdatesRowsTheOpenItemAndSaysWhatHappenedToYou() {
        var state = AuctionsStateTests.state()
        _ = state.handle(.enter, visibleRows: 3)
        state.apply(
            .event(Self.event(1, seq: 2, Self.price(15_000, bids: 2, leader: "bidder 4", endsIn: 600))), visibleRows: 3)
        #expect(state.list.items.first?.price == Won(15_000) && state.detail?.item.bidCount == 2)
        state.apply(.event(Self.event(1, seq: 2, .outbid(price: Won(15_000), yourMax: Won(14_000)))), visibleRows: 3)
        #expect(state.notice == .info("outbid on Item 1 at 15,000"))
        #expect(state.standings[1] == AuctionsState.Standing(leading: false, yourMax: nil))
        state.apply(.event(Self.event(42, seq: 9, .won(price: Won(30_000)))), visibleRows: 3)
        #expect(state.notice == .info("won item #42 at 30,000"))
    }

    @Test func theSocketDecidesTheConnectionOnceItReports() {
        var state = AuctionsStateTests.state()
        #expect(state.connection == .live)
        state.apply(.connection(.waiting(.milliseconds(1_500), error: "connection refused")), visibleRows: 3)
        #expect(state.connection == .unreachable("connection refused (again in 2s)"))
        // A REST answer no longer says the connection is live, and a REST failure is only a notice.
        state.apply(.page(F.page(state.list.items, pages: 3, total: 40), sort: .ending), visibleRows: 3)
        #expect(state.connection == .unreachable("connection refused (again in 2s)"))
        state.apply(.refreshFailed(.transport("timed out")), visibleRows: 3)
        #expect(state.notice == .problem("refresh failed: cannot reach the server: timed out"))
        state.apply(.connection(.connected), visibleRows: 3)
        #expect(state.connection == .live)
        state.apply(.connection(.connecting(attempt: 2)), visibleRows: 3)
        #expect(state.connection == .connecting)
    }
}
