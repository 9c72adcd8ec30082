import BourseCore
import BourseUpbit
import BourseWire
import Testing

@Suite struct SubscriptionReplyTests {
    private let subscriptions = [
        StreamSubscription(kind: .ticker, market: market("KRW-BTC")),
        StreamSubscription(kind: .orderBook, market: market("KRW-ETH"), depth: 15),
        StreamSubscription(kind: .ticker, market: market("KRW-ETH")),
        StreamSubscription(kind: .orderBook, market: market("KRW-BTC"), level: "10000"),
        StreamSubscription(kind: .orderBook, market: market("KRW-XRP")),
        StreamSubscription(kind: .candle(.minute1), market: market("BTC-ETH")),
    ]

    @Test func theReplyGroupsByTypeAndLevelInOrderOfAppearance() {
        let bytes = SubscriptionReply.listReply(ticket: "list", subscriptions: subscriptions, abbreviated: false)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == #"{"method":"LIST_SUBSCRIPTIONS","result":[{"type":"ticker","codes":["KRW-BTC","KRW-ETH"]},"#
                + #"{"type":"orderbook","codes":["KRW-ETH.15","KRW-XRP"],"level":0},"#
                + #"{"type":"orderbook","codes":["KRW-BTC"],"level":10000},"#
                + #"{"type":"candle.1m","codes":["BTC-ETH"]}],"ticket":"list"}"#
        )
    }

    @Test func simpleRepliesAbbreviateKeys() {
        let bytes = SubscriptionReply.listReply(
            ticket: "t", subscriptions: Array(subscriptions[1...1]), abbreviated: true)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == #"{"mthd":"LIST_SUBSCRIPTIONS","rslt":[{"ty":"orderbook","cds":["KRW-ETH.15"],"lv":0}],"tckt":"t"}"#
        )
    }

    @Test func anEmptySetRepliesWithAnEmptyResult() {
        let bytes = SubscriptionReply.listReply(ticket: "t", subscriptions: [], abbreviated: false)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"method":"LIST_SUBSCRIPTIONS","result":[],"ticket":"t"}"#)
    }

    @Test func theTicketIsEscapedAndTheReplyParsesBack() throws {
        let ticket = "a\"b\\c\n\u{1}é"
        let bytes = SubscriptionReply.listReply(ticket: ticket, subscriptions: subscriptions, abbreviated: false)
        let value = try JSONValue(parsing: bytes)
        #expect(value["ticket"] == .string(ticket))
        #expect(value["result"]?.arrayValue?.count == 4)
    }

    @Test func aReplySentBackAsARequestSubscribesToTheSameSet() throws {
        let reply = try JSONValue(
            parsing: SubscriptionReply.listReply(ticket: "t", subscriptions: subscriptions, abbreviated: false)
        )
        var request = "[{\"ticket\":\"t\"}"
        for group in reply["result"]?.arrayValue ?? [] {
            let codes = (group["codes"]?.arrayValue ?? []).compactMap(\.stringValue).map { "\"\($0)\"" }
            let level = group["level"]?.numberText.map { ",\"level\":\($0)" } ?? ""
            request +=
                ",{\"type\":\"\(group["type"]?.stringValue ?? "")\",\"codes\":[\(codes.joined(separator: ","))]\(level)}"
        }
        guard case .subscribe(_, _, let parsed, _) = try subscriptionRequest(request + "]") else {
            Issue.record("expected a subscribe request")
            return
        }
        #expect(Set(parsed) == Set(subscriptions))
    }

    @Test func errorFramesCarryNameAndMessage() {
        let bytes = SubscriptionReply.errorFrame(.noTicket("The request has no \"ticket\"."))
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == #"{"error":{"name":"NO_TICKET","message":"The request has no \"ticket\"."}}"#
        )
    }
}
