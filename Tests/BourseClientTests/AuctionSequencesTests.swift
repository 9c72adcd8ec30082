import Foundation
import Testing

@testable import BourseClient

/// The stream's per-item sequence bookkeeping: each change once and in order, whatever order and how many
/// times the frames come.
@Suite("Auction stream sequences")
struct AuctionSequencesTests {
    static func price(_ item: Int64, _ seq: Int64) -> AuctionStream.Event {
        let change = AuctionStream.PriceChange(
            price: Won(seq * 1_000), previousPrice: Won((seq - 1) * 1_000), bidCount: Int(seq - 1), leader: "bidder 1",
            reserve: .none, buyNowPrice: nil, effectiveEndsAt: Date(timeIntervalSince1970: 1_800_000_600))
        return AuctionStream.Event(
            item: item, seq: seq, serverTime: Date(timeIntervalSince1970: 1_800_000_000), change: .price(change))
    }

    /// An `item` snapshot frame of `item` at `seq`.
    static func snapshotJSON(_ item: Int64, _ seq: Int64) -> String {
        #"{"type":"item","item":\#(item),"id":\#(item),"seller":"s","title":"Kite","start_price":"1000","#
            + #""price":"1000","bid_count":0,"reserve":"none","starts_at_ms":0,"ends_at_ms":1,"#
            + #""effective_ends_at_ms":1,"state":"live","watchers":0,"seq":\#(seq),"server_time":0}"#
    }

    static func snapshot(_ item: Int64, _ seq: Int64) throws -> AuctionStream.Event {
        let item = try JSONDecoder().decode(AuctionItem.self, from: Data(snapshotJSON(item, seq).utf8))
        return AuctionStream.Event(item: item.id, seq: seq, serverTime: item.serverTime, change: .snapshot(item))
    }

    static func aside(_ item: Int64, _ seq: Int64) -> AuctionStream.Event {
        AuctionStream.Event(item: item, seq: seq, serverTime: Date(), change: .watchers(count: 2))
    }

    /// Feeds `events` in and returns the (item, seq) pairs delivered and how many resumes were asked for.
    static func run(
        _ events: [AuctionStream.Event], into sequences: inout AuctionSequences
    ) -> (delivered: [[Int64]], resumes: Int) {
        var delivered: [[Int64]] = []
        var resumes = 0
        for event in events {
            let outcome = sequences.accept(event)
            delivered += outcome.deliver.map { [$0.item, $0.seq] }
            if outcome.resume { resumes += 1 }
        }
        return (delivered, resumes)
    }

    @Test func changesAfterTheSnapshotArriveOnceInOrder() throws {
        var sequences = AuctionSequences()
        let (delivered, resumes) = Self.run(
            [try Self.snapshot(7, 1), Self.price(7, 2), Self.price(7, 2), Self.price(7, 3), Self.price(7, 1)],
            into: &sequences)
        #expect(delivered == [[7, 1], [7, 2], [7, 3]] && resumes == 0)
        #expect(sequences.since == [7: 3])
    }

    @Test func aLiveChangeThatOvertakesTheSnapshotWaitsForIt() throws {
        var sequences = AuctionSequences()
        // The subscription follows the item, a bid lands, then the snapshot (from before the bid) is queued.
        let (delivered, resumes) = Self.run([Self.price(7, 2), try Self.snapshot(7, 1)], into: &sequences)
        #expect(delivered == [[7, 1], [7, 2]] && resumes == 0)
    }

    @Test func aGapIsHeldAndAsksForOneResumeUntilItFills() throws {
        var sequences = AuctionSequences()
        _ = Self.run([try Self.snapshot(7, 1), Self.price(7, 2)], into: &sequences)
        // Seq 5 overtakes 3 and 4 (a live change ahead of a resume's replay): held, one resume asked for.
        let (delivered, resumes) = Self.run(
            [Self.price(7, 5), Self.price(7, 6), Self.price(7, 3), Self.price(7, 4), Self.price(7, 5)],
            into: &sequences)
        #expect(delivered == [[7, 3], [7, 4], [7, 5], [7, 6]] && resumes == 1)
        #expect(!sequences.isHolding(7) && sequences.since == [7: 6])
    }

    @Test func aConflatedPriceCoversEveryChangeInItsRange() throws {
        var sequences = AuctionSequences()
        _ = Self.run([try Self.snapshot(7, 1), Self.price(7, 2)], into: &sequences)
        var storm = Self.price(7, 9)
        storm.firstSeq = 3
        var next = Self.price(7, 14)
        next.firstSeq = 10
        // 10…14 overtakes 3…9: held until the storm's first frame fills the gap, then both follow on.
        let (delivered, resumes) = Self.run([next, storm, storm], into: &sequences)
        #expect(delivered == [[7, 9], [7, 14]] && resumes == 1)
        #expect(!sequences.isHolding(7) && sequences.since == [7: 14])
        let frame =
            #"{"type":"price","item":7,"seq":30,"first_seq":21,"server_time":0,"price":"5000","#
            + #""previous_price":"4000","bid_count":9,"leader":"bidder 2","reserve":"none","buy_now_price":null,"#
            + #""effective_ends_at":1800000600000}"#
        let decoded = try AuctionStreamFrame.decode(Data(frame.utf8))
        guard case .event(let event) = decoded else {
            Issue.record("not an event: \(decoded)")
            return
        }
        #expect(event.seq == 30 && event.firstSeq == 21)
    }

    @Test func aSnapshotClosesAGapTheServerCouldNotReplay() throws {
        var sequences = AuctionSequences()
        _ = Self.run([try Self.snapshot(7, 1), Self.price(7, 9), Self.price(7, 12)], into: &sequences)
        // The server no longer had 2…9: it sends the item at 10, after which 12 still waits for 11.
        let (delivered, _) = Self.run([try Self.snapshot(7, 10), Self.price(7, 11)], into: &sequences)
        #expect(delivered == [[7, 10], [7, 11], [7, 12]])
        // A snapshot at or below what was delivered tells the readers nothing new.
        #expect(Self.run([try Self.snapshot(7, 11), try Self.snapshot(7, 12)], into: &sequences).delivered.isEmpty)
        #expect(Self.run([try Self.snapshot(7, 13)], into: &sequences).delivered == [[7, 13]])
    }

    @Test func eventsAsideFromTheSaleAreDeliveredAsTheyCome() throws {
        var sequences = AuctionSequences()
        _ = Self.run([try Self.snapshot(7, 3)], into: &sequences)
        // watchers and ending_soon carry the current seq; outbid the bid's: none is a duplicate.
        let outbid = AuctionStream.Event(item: 7, seq: 3, serverTime: Date(), change: .outbid(price: 1, yourMax: 1))
        let (delivered, _) = Self.run([Self.aside(7, 3), outbid, Self.aside(7, 3)], into: &sequences)
        #expect(delivered == [[7, 3], [7, 3], [7, 3]] && sequences.since == [7: 3])
    }

    @Test func itemsNoLongerFollowedAreForgotten() throws {
        var sequences = AuctionSequences()
        _ = Self.run([try Self.snapshot(7, 3), try Self.snapshot(8, 1), Self.price(9, 4)], into: &sequences)
        sequences.keep(only: [8])
        #expect(sequences.since == [8: 1] && !sequences.isHolding(9))
    }

    @Test func tooLongAGapDropsWhatItHeldAndAsksAgain() throws {
        var sequences = AuctionSequences()
        _ = Self.run([try Self.snapshot(7, 1)], into: &sequences)
        let flood = (3...Int64(AuctionSequences.maximumHeld + 3)).map { Self.price(7, $0) }
        let (delivered, resumes) = Self.run(flood, into: &sequences)
        #expect(delivered.isEmpty && resumes == 2)
    }
}
