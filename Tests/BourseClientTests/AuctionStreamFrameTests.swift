import Foundation
import Testing

@testable import BourseClient

/// The auction socket's frames as the SDK reads them (the shapes of AuctionStreamTests' server frames) and
/// the requests it writes.
@Suite("Auction stream frames")
struct AuctionStreamFrameTests {
    static func frame(_ json: String) throws -> AuctionStreamFrame {
        try AuctionStreamFrame.decode(Data(json.utf8))
    }

    static func event(_ json: String) throws -> AuctionStream.Event {
        guard case .event(let event) = try frame(json) else { throw Failure(json) }
        return event
    }

    struct Failure: Error {
        var frame: String
        init(_ frame: String) { self.frame = frame }
    }

    static let time = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aPriceEventCarriesMoneyAsWonAndTimesAsDates() throws {
        let event = try Self.event(
            #"{"type":"price","item":7,"seq":3,"server_time":1800000000000,"price":"2000","previous_price":"1000","#
                + #""bid_count":2,"leader":"bidder 1","reserve":"not_met","buy_now_price":null,"#
                + #""effective_ends_at":1800000600000}"#)
        let change = AuctionStream.PriceChange(
            price: 2_000, previousPrice: 1_000, bidCount: 2, leader: "bidder 1", reserve: .notMet, buyNowPrice: nil,
            effectiveEndsAt: Self.time.addingTimeInterval(600))
        #expect(event == AuctionStream.Event(item: 7, seq: 3, serverTime: Self.time, change: .price(change)))
    }

    @Test(arguments: [
        (#""type":"started""#, AuctionStream.Change.started),
        (#""type":"reserve_met""#, .reserveMet),
        (
            #""type":"extended","effective_ends_at":1800000120000,"previous_ends_at":1800000060000"#,
            .extended(effectiveEndsAt: time.addingTimeInterval(120), previousEndsAt: time.addingTimeInterval(60))
        ),
        (#""type":"ending_soon","seconds_left":60"#, .endingSoon(secondsLeft: 60)),
        (
            #""type":"ended","state":"sold","price":"5000","winner":"bidder 2""#,
            .ended(state: .sold, price: 5_000, winner: "bidder 2")
        ),
        (#""type":"ended","state":"cancelled""#, .ended(state: .cancelled, price: nil, winner: nil)),
        (#""type":"watchers","count":4"#, .watchers(count: 4)),
        (#""type":"outbid","price":"31000","your_max":"30000""#, .outbid(price: 31_000, yourMax: 30_000)),
        (#""type":"won","state":"sold","price":"5000""#, .won(price: 5_000)),
        (#""type":"lost","state":"unsold","price":"5000""#, .lost(state: .unsold, price: 5_000)),
        (#""type":"sold","state":"sold","price":"5000""#, .sold(price: 5_000)),
    ])
    func everyEventTypeDecodes(fields: String, change: AuctionStream.Change) throws {
        let event = try Self.event(#"{"item":7,"seq":4,"server_time":1800000000000,"# + fields + "}")
        #expect(event == AuctionStream.Event(item: 7, seq: 4, serverTime: Self.time, change: change))
    }

    @Test func aSnapshotIsTheWholeItem() throws {
        let event = try Self.event(
            #"{"type":"item","item":7,"id":7,"seller":"seller","title":"Kite","description":"","category":"toys","#
                + #""photos":[],"start_price":"1000","price":"1000","minimum_bid":"1000","bid_count":0,"#
                + #""leader":null,"reserve":"none","buy_now_price":null,"starts_at_ms":1800000000000,"#
                + #""ends_at_ms":1800000600000,"effective_ends_at_ms":1800000600000,"state":"live","watchers":0,"#
                + #""seq":1,"server_time":1800000000000}"#)
        guard case .snapshot(let item) = event.change else {
            Issue.record("not a snapshot: \(event)")
            return
        }
        #expect(item.title == "Kite" && item.price == 1_000 && event.seq == 1 && event.item == 7)
    }

    @Test func repliesAndRefusalsAreMatchedByID() throws {
        guard case .reply(12, "bid.accepted", _) = try Self.frame(#"{"id":12,"type":"bid.accepted","item":7}"#)
        else { throw Failure("reply") }
        guard
            case .refusal(13, .bidTooLow(let message)) = try Self.frame(
                #"{"id":13,"type":"error","error":{"name":"bid_too_low","message":"At least 2000."}}"#)
        else { throw Failure("refusal") }
        #expect(message == "At least 2000.")
        // The transport's rate limit refuses no request in particular.
        guard
            case .refusal(nil, .server(0, "TOO_MANY_REQUESTS", _)) = try Self.frame(
                #"{"error":{"name":"TOO_MANY_REQUESTS","message":"Too many API requests."}}"#)
        else { throw Failure("rate limit") }
        // A newer server's event type, or a reply to an id the SDK never uses, is skipped.
        guard case .other("auction_relisted") = try Self.frame(#"{"type":"auction_relisted","item":7}"#),
            case .other("pong") = try Self.frame(#"{"id":"a","type":"pong","server_time":1}"#)
        else { throw Failure("other") }
        #expect(try Self.frame(#"{"id":3,"type":"pong","server_time":1800000000000}"#).serverTime == Self.time)
    }

    @Test func requestsAreJSONWithSortedKeys() {
        var bid = AuctionStreamRequest(id: 4, type: "bid")
        bid.item = 7
        bid.max = Won(25_000).description
        #expect(bid.text() == #"{"id":4,"item":7,"max":"25000","type":"bid"}"#)
        let resume = AuctionStreamRequest(id: 5, subscribing: .pages(2), since: [7: 3])
        #expect(resume.text() == #"{"id":5,"pages":2,"since":{"7":3},"type":"subscribe"}"#)
        var auth = AuctionStreamRequest(id: 1, type: "auth")
        auth.token = #"a"b/c"#
        #expect(auth.text() == #"{"id":1,"token":"a\"b/c","type":"auth"}"#)
    }

    @Test func theStreamURLFollowsTheBaseURLsSchemeAndPath() throws {
        let url = { (base: String) in AuctionStream.url(for: try #require(URL(string: base))) }
        #expect(try url("http://127.0.0.1:8080") == "ws://127.0.0.1:8080/auction/v1/stream")
        #expect(try url("https://bourse.example/market/") == "wss://bourse.example/market/auction/v1/stream")
        #expect(try url("ftp://bourse.example") == nil)
    }
}
