import BourseCore
import BourseUpbit
import BourseWire
import Testing

/// The exact subscription messages of the reference apps (product.md §1).
@Suite struct SubscriptionReferenceAppTests {
    @Test func toughCookieListScreenSubscribesToEveryTicker() throws {
        let request = try subscriptionRequest(
            #"[{"ticket":"test"},{"type":"ticker","codes":["KRW-BTC","KRW-ETH","BTC-ETH","USDT-BTC"]}]"#
        )
        #expect(
            request
                == .subscribe(
                    ticket: "test",
                    format: .default,
                    subscriptions: ["KRW-BTC", "KRW-ETH", "BTC-ETH", "USDT-BTC"].map {
                        StreamSubscription(kind: .ticker, market: market($0))
                    }
                )
        )
    }

    @Test func coinZoomSendsTheFormatLast() throws {
        let request = try subscriptionRequest(
            #"[{"ticket":"test example"},{"type":"ticker","codes":["KRW-BTC","KRW-XRP"]},{"format":"DEFAULT"}]"#
        )
        #expect(
            request
                == .subscribe(
                    ticket: "test example",
                    format: .default,
                    subscriptions: [
                        StreamSubscription(kind: .ticker, market: market("KRW-BTC")),
                        StreamSubscription(kind: .ticker, market: market("KRW-XRP")),
                    ]
                )
        )
    }

    @Test func everyCoinsDetailScreenAsksForFifteenLevels() throws {
        let request = try subscriptionRequest(#"[{"ticket":"test"},{"type":"orderbook","codes":["KRW-BTC.15"]}]"#)
        #expect(
            request
                == .subscribe(
                    ticket: "test",
                    format: .default,
                    subscriptions: [StreamSubscription(kind: .orderBook, market: market("KRW-BTC"), depth: 15)]
                )
        )
    }

    @Test func everyCoinsUnquotedTypeIsWrongFormat() {
        // `"type": \(type)` interpolates without quotes (SocketManager.send).
        let error = subscriptionError(#"[{"ticket":"test"},{"type": orderbook,"codes":["KRW-BTC.15"]}]"#)
        #expect(error?.name == "WRONG_FORMAT")
    }

    @Test func bithumbTechCampObjectIsWrongFormat() {
        // Bithumb's protocol: one object, not an array; it is not an Upbit client.
        let error = subscriptionError(#"{"type":"transaction","symbols":["BTC_KRW"],"tickTypes":["30M"]}"#)
        #expect(error?.name == "WRONG_FORMAT")
    }
}
