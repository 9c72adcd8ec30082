import BourseCore
import BourseUpbit
import BourseWire
import Testing

@Suite struct SubscriptionRequestTests {
    @Test func ccxtMergesOneObjectPerSymbol() throws {
        let request = try subscriptionRequest(
            #"[{"ticket":"5c1f3f9e-8d0e-4b8a-9f6a-0d1c2b3a4f5e"},{"type":"ticker","codes":["KRW-BTC"]},"#
                + #"{"type":"ticker","codes":["KRW-ETH"]}]"#
        )
        #expect(
            request
                == .subscribe(
                    ticket: "5c1f3f9e-8d0e-4b8a-9f6a-0d1c2b3a4f5e",
                    format: .default,
                    subscriptions: [
                        StreamSubscription(kind: .ticker, market: market("KRW-BTC")),
                        StreamSubscription(kind: .ticker, market: market("KRW-ETH")),
                    ]
                )
        )
    }

    @Test func cryptofeedPutsTheFormatSecondAndAsksForRealtimeOnly() throws {
        let request = try subscriptionRequest(
            #"[{"ticket":"0e4f2a55-1111-2222-3333-444455556666"},{"format":"SIMPLE"},"#
                + #"{"type":"orderbook","codes":["KRW-BTC"],"isOnlyRealtime":true},"#
                + #"{"type":"trade","codes":["KRW-BTC"],"isOnlyRealtime":true}]"#
        )
        #expect(
            request
                == .subscribe(
                    ticket: "0e4f2a55-1111-2222-3333-444455556666",
                    format: .simple,
                    subscriptions: [
                        StreamSubscription(kind: .orderBook, market: market("KRW-BTC"), depth: 30, snapshot: false),
                        StreamSubscription(kind: .trade, market: market("KRW-BTC"), snapshot: false),
                    ]
                )
        )
    }

    @Test func pyupbitSendsASixCharacterTicket() throws {
        let request = try subscriptionRequest(
            #"[{"ticket":"abcdef"},{"type":"ticker","codes":["KRW-BTC"],"isOnlyRealtime":true}]"#
        )
        #expect(
            request
                == .subscribe(
                    ticket: "abcdef",
                    format: .default,
                    subscriptions: [StreamSubscription(kind: .ticker, market: market("KRW-BTC"), snapshot: false)]
                )
        )
    }

    @Test func listSubscriptionsMayPutTheMethodBeforeTheTicket() throws {
        let request = try subscriptionRequest(#"[{"method":"LIST_SUBSCRIPTIONS"},{"ticket":"list"}]"#)
        #expect(request == .listSubscriptions(ticket: "list", format: nil))
        #expect(request.format == nil)
        #expect(request.ticket == "list")
    }

    @Test func listSubscriptionsCarriesAFormatAndIgnoresTypes() throws {
        let request = try subscriptionRequest(
            #"[{"ticket":"t"},{"format":"simple_list"},{"method":"LIST_SUBSCRIPTIONS"},{"type":"nonsense"}]"#
        )
        #expect(request == .listSubscriptions(ticket: "t", format: .simpleList))
    }

    @Test func orderBookCodeSuffixSetsDepthAndLevelIsKept() throws {
        let request = try subscriptionRequest(
            #"[{"ticket":"t"},{"type":"orderbook","codes":["KRW-BTC.5","KRW-ETH"],"level":10000}]"#
        )
        #expect(
            request
                == .subscribe(
                    ticket: "t",
                    format: .default,
                    subscriptions: [
                        StreamSubscription(kind: .orderBook, market: market("KRW-BTC"), depth: 5, level: "10000"),
                        StreamSubscription(kind: .orderBook, market: market("KRW-ETH"), depth: 30, level: "10000"),
                    ]
                )
        )
    }

    @Test(arguments: [("1", 1), ("5", 5), ("15", 15), ("30", 30)])
    func everyDocumentedDepthIsAccepted(suffix: String, depth: Int) throws {
        let request = try subscriptionRequest(#"[{"ticket":"t"},{"type":"orderbook","codes":["KRW-BTC.\#(suffix)"]}]"#)
        guard case .subscribe(_, _, let subscriptions, _) = request else {
            Issue.record("expected a subscribe request")
            return
        }
        #expect(subscriptions.map(\.depth) == [depth])
    }

    @Test(arguments: [
        ("10000", "10000"), ("\"10000\"", "10000"), ("0.10", "0.1"), ("\"007\"", "7"), ("1.000", "1"),
    ])
    func levelsAreCanonicalDecimalText(level: String, expected: String) throws {
        let request = try subscriptionRequest(
            #"[{"ticket":"t"},{"type":"orderbook","codes":["KRW-BTC"],"level":\#(level)}]"#
        )
        guard case .subscribe(_, _, let subscriptions, _) = request else {
            Issue.record("expected a subscribe request")
            return
        }
        #expect(subscriptions.map(\.level) == [expected])
    }

    @Test(arguments: ["0", "0.0", "null", "\"0\""])
    func aZeroOrNullLevelIsTheNativeTick(level: String) throws {
        let request = try subscriptionRequest(
            #"[{"ticket":"t"},{"type":"orderbook","codes":["KRW-BTC"],"level":\#(level)}]"#
        )
        guard case .subscribe(_, _, let subscriptions, _) = request else {
            Issue.record("expected a subscribe request")
            return
        }
        #expect(subscriptions.map(\.level) == [nil])
    }

    @Test func levelIsIgnoredOnOtherTypes() throws {
        let request = try subscriptionRequest(#"[{"ticket":"t"},{"type":"ticker","codes":["KRW-BTC"],"level":1}]"#)
        #expect(
            request
                == .subscribe(
                    ticket: "t",
                    format: .default,
                    subscriptions: [StreamSubscription(kind: .ticker, market: market("KRW-BTC"))]
                )
        )
    }

    @Test func lowerCaseCodesAreUpperCased() throws {
        let request = try subscriptionRequest(#"[{"ticket":"t"},{"type":"trade","codes":["krw-btc","Usdt-Eth"]}]"#)
        guard case .subscribe(_, _, let subscriptions, _) = request else {
            Issue.record("expected a subscribe request")
            return
        }
        #expect(subscriptions.map(\.market) == [market("KRW-BTC"), market("USDT-ETH")])
    }

    @Test func objectsAreRecognisedByKeysInAnyOrder() throws {
        let request = try subscriptionRequest(
            #"[{"type":"ticker","codes":["KRW-BTC"]},{"format":"JSON_LIST"},{"ticket":"late"}]"#
        )
        #expect(
            request
                == .subscribe(
                    ticket: "late",
                    format: .jsonList,
                    subscriptions: [StreamSubscription(kind: .ticker, market: market("KRW-BTC"))]
                )
        )
    }

    @Test func aNumericTicketKeepsItsText() throws {
        #expect(try subscriptionRequest(#"[{"ticket":12345},{"method":"LIST_SUBSCRIPTIONS"}]"#).ticket == "12345")
    }

    @Test func theFirstTicketAndFormatWin() throws {
        let request = try subscriptionRequest(
            #"[{"ticket":"one"},{"ticket":"two"},{"format":"SIMPLE"},{"format":"DEFAULT"},"#
                + #"{"type":"ticker","codes":["KRW-BTC"]}]"#
        )
        #expect(request.ticket == "one")
        #expect(request.format == .simple)
    }

    @Test func aRepeatedPairKeepsItsFirstPositionAndTheLastOptions() throws {
        let request = try subscriptionRequest(
            #"[{"ticket":"t"},{"type":"orderbook","codes":["KRW-BTC","KRW-ETH"]},"#
                + #"{"type":"orderbook","codes":["krw-btc.15"],"is_only_snapshot":true}]"#
        )
        #expect(
            request
                == .subscribe(
                    ticket: "t",
                    format: .default,
                    subscriptions: [
                        StreamSubscription(kind: .orderBook, market: market("KRW-BTC"), depth: 15, realtime: false),
                        StreamSubscription(kind: .orderBook, market: market("KRW-ETH")),
                    ]
                )
        )
    }

    @Test func theSameMarketUnderDifferentTypesStaysSeparate() throws {
        let request = try subscriptionRequest(
            #"[{"ticket":"t"},{"type":"ticker","codes":["KRW-BTC"]},{"type":"candle.1s","codes":["KRW-BTC"]},"#
                + #"{"type":"candle.240m","codes":["KRW-BTC"]}]"#
        )
        guard case .subscribe(_, _, let subscriptions, _) = request else {
            Issue.record("expected a subscribe request")
            return
        }
        #expect(subscriptions.map(\.kind) == [.ticker, .candle(.second), .candle(.minute240)])
        #expect(subscriptions.map(\.depth) == [0, 0, 0])
    }

    @Test(arguments: [
        (#""is_only_snapshot":true"#, true, false), (#""isOnlySnapshot":"TRUE""#, true, false),
        (#""is_only_realtime":"true""#, false, true), (#""isOnlyRealtime":false"#, true, true),
        (#""is_only_snapshot":"false","is_only_realtime":null"#, true, true),
    ])
    func flagsAcceptBothSpellingsAndStrings(flags: String, snapshot: Bool, realtime: Bool) throws {
        let request = try subscriptionRequest(#"[{"ticket":"t"},{"type":"ticker","codes":["KRW-BTC"],\#(flags)}]"#)
        guard case .subscribe(_, _, let subscriptions, _) = request else {
            Issue.record("expected a subscribe request")
            return
        }
        #expect(subscriptions.map(\.snapshot) == [snapshot])
        #expect(subscriptions.map(\.realtime) == [realtime])
    }

    @Test(arguments: [
        ("DEFAULT", StreamFormat.default), ("simple", .simple), ("Json_List", .jsonList), ("SIMPLE_LIST", .simpleList),
    ])
    func formatsParseCaseInsensitively(name: String, format: StreamFormat) throws {
        let request = try subscriptionRequest(
            #"[{"ticket":"t"},{"format":"\#(name)"},{"method":"LIST_SUBSCRIPTIONS"}]"#)
        #expect(request.format == format)
    }

    @Test func binaryFramesParseLikeText() throws {
        let bytes: [UInt8] = Array(#"[{"ticket":"t"},{"type":"ticker","codes":["KRW-BTC"]}]"#.utf8)
        #expect(try SubscriptionRequest(parsing: bytes) == subscriptionRequest(String(decoding: bytes, as: UTF8.self)))
    }
}

/// Bourse's resume extension in a request (``StreamResume``).
@Suite("Subscription requests: resume")
struct StreamResumeParsingTests {
    @Test func aResumeObjectIsParsedPerTypeAndCode() throws {
        let request = try SubscriptionRequest(
            parsing: Array(
                #"[{"ticket":"t"},{"type":"trade","codes":["KRW-BTC"]},{"resume":{"trade":{"krw-btc":12},"orderbook":{"KRW-ETH":0}}}]"#
                    .utf8))
        guard case .subscribe(_, _, _, let resume?) = request else {
            Issue.record("expected a resume")
            return
        }
        #expect(resume.since[StreamResume.Topic(kind: .trade, market: MarketCode("KRW-BTC")!)] == 12)
        #expect(resume.since[StreamResume.Topic(kind: .orderBook, market: MarketCode("KRW-ETH")!)] == 0)
        let plain = try SubscriptionRequest(
            parsing: Array(#"[{"ticket":"t"},{"type":"trade","codes":["KRW-BTC"]}]"#.utf8))
        guard case .subscribe(_, _, _, nil) = plain else {
            Issue.record("no resume without asking")
            return
        }
    }

    @Test(arguments: [
        #"{"resume":[]}"#, #"{"resume":{"weather":{}}}"#, #"{"resume":{"trade":[]}}"#,
        #"{"resume":{"trade":{"BTC":1}}}"#, #"{"resume":{"trade":{"KRW-BTC":-1}}}"#,
        #"{"resume":{"trade":{"KRW-BTC":"x"}}}"#, #"{"resume":{"trade":{"KRW-BTC":1.5}}}"#,
    ])
    func aMalformedResumeIsAnError(object: String) {
        #expect(throws: SubscriptionError.self) {
            try SubscriptionRequest(
                parsing: Array((#"[{"ticket":"t"},{"type":"trade","codes":["KRW-BTC"]},"# + object + "]").utf8))
        }
    }

    @Test func aNumberIsSplicedInAsTheLastMember() {
        let body = Array(#"{"type":"trade","stream_type":"REALTIME"}"#.utf8)
        #expect(
            String(decoding: StreamJSON.sequenced(body, 42, keys: .full), as: UTF8.self)
                == #"{"type":"trade","stream_type":"REALTIME","seq":42}"#)
        #expect(
            String(decoding: StreamJSON.sequenced(body, 7, keys: .abbreviated), as: UTF8.self)
                == #"{"type":"trade","stream_type":"REALTIME","sq":7}"#)
    }
}
