import BourseCore
import Foundation
import Testing

@testable import BourseServer

/// The conflation of a bidding storm's price changes (``PriceRun``): one bid goes out as its own events,
/// a longer run as one `price` frame that accounts for every sequence number it covers.
@Suite struct PriceRunTests {
    static let item = ItemID(7)
    static let end = Timestamp(milliseconds: 1_000_000)

    static func bid(_ sequence: UInt64, price: Int64, previous: Int64, end: Timestamp = end) -> BidAccepted {
        BidAccepted(
            item: item, sequence: sequence, bidder: AccountID(2), maximum: .won(price + 50), leading: true,
            price: .won(price), previousPrice: .won(previous), leader: AccountID(2), bidCount: Int(sequence),
            reserve: .none, buyNowPrice: nil, effectiveEndsAt: end, time: Timestamp(milliseconds: 500))
    }

    static func frame(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    @Test func oneBidGoesOutAsItsOwnEvents() throws {
        var run = PriceRun()
        let bid = Self.bid(4, price: 1_100, previous: 1_000)
        run.add(bid, leader: "bidder 1", frame: Array(#"{"type":"price","seq":4}"#.utf8), at: bid.time)
        let later = Timestamp(milliseconds: Self.end.milliseconds + 3_000)
        run.add(
            AuctionExtended(item: Self.item, sequence: 5, previousEndsAt: Self.end, effectiveEndsAt: later),
            frame: Array(#"{"type":"extended","seq":5}"#.utf8), at: bid.time)
        let output = run.output
        #expect(output.map(\.sequence) == [4, 5] && output.map(\.first) == [4, 5])
        #expect(try Self.frame(output[1].bytes)["type"] as? String == "extended")
    }

    @Test func aStormGoesOutAsOnePriceFrameCoveringEverySequence() throws {
        var run = PriceRun()
        var encoded = 0
        func counted(_ text: String) -> [UInt8] {
            encoded += 1
            return Array(text.utf8)
        }
        let later = Timestamp(milliseconds: Self.end.milliseconds + 3_000)
        run.add(Self.bid(10, price: 1_100, previous: 1_000), leader: "bidder 1", frame: counted("{}"), at: Self.end)
        run.add(
            AuctionExtended(item: Self.item, sequence: 11, previousEndsAt: Self.end, effectiveEndsAt: later),
            frame: counted("{}"), at: Self.end)
        // The next bid's event still carries the end from before its own extension.
        run.add(Self.bid(12, price: 1_200, previous: 1_100), leader: "bidder 2", frame: counted("{}"), at: later)
        run.add(Self.bid(13, price: 1_300, previous: 1_200), leader: "bidder 3", frame: counted("{}"), at: later)
        // Only the first two events are encoded: the rest can only go out conflated.
        #expect(encoded == 2)
        let output = run.output
        #expect(output.count == 1)
        let frame = try Self.frame(output[0].bytes)
        #expect(output[0].first == 10 && output[0].sequence == 13)
        #expect(frame["type"] as? String == "price" && frame["seq"] as? Int == 13 && frame["first_seq"] as? Int == 10)
        #expect(frame["price"] as? String == "1300" && frame["previous_price"] as? String == "1000")
        #expect(frame["leader"] as? String == "bidder 3" && frame["bid_count"] as? Int == 13)
        #expect(frame["effective_ends_at"] as? Int == Int(later.milliseconds))
        #expect(frame["previous_ends_at"] as? Int == Int(Self.end.milliseconds))
    }
}
