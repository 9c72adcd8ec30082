import BourseUpbit
import BourseWire
import Testing

@Suite struct SubscriptionRequestErrorTests {
    @Test(arguments: [
        "", "PING", "{\"ticket\":\"t\"}", "[{\"ticket\":\"t\"},1]", "[{\"ticket\":\"t\"},{}]",
        "[{\"ticket\":\"t\"},{\"codes\":[\"KRW-BTC\"]}]",
        "[{\"ticket\":true},{\"type\":\"ticker\",\"codes\":[\"KRW-BTC\"]}]",
        "[{\"ticket\":\"t\"},{\"type\":\"ticker\",\"codes\":\"KRW-BTC\"}]", "[{\"ticket\":\"t\"}] x",
    ])
    func structuralProblemsAreWrongFormat(text: String) {
        #expect(subscriptionError(text)?.name == "WRONG_FORMAT")
    }

    @Test(arguments: [
        "[]", "[{\"type\":\"ticker\",\"codes\":[\"KRW-BTC\"]}]",
        "[{\"ticket\":\"\"},{\"method\":\"LIST_SUBSCRIPTIONS\"}]",
        "[{\"ticket\":null},{\"method\":\"LIST_SUBSCRIPTIONS\"}]",
    ])
    func aMissingOrEmptyTicketIsNoTicket(text: String) {
        #expect(subscriptionError(text)?.name == "NO_TICKET")
    }

    @Test func aMissingTicketIsReportedBeforeOtherProblems() {
        #expect(subscriptionError(#"[{"type":"bogus"},{"format":"bogus"}]"#)?.name == "NO_TICKET")
    }

    @Test(arguments: ["[{\"ticket\":\"t\"}]", "[{\"ticket\":\"t\"},{\"format\":\"SIMPLE\"}]"])
    func noTypeObjectAndNoMethodIsNoType(text: String) {
        #expect(subscriptionError(text)?.name == "NO_TYPE")
    }

    @Test(arguments: [
        #"[{"ticket":"t"},{"type":"ticker"}]"#, #"[{"ticket":"t"},{"type":"trade","codes":[]}]"#,
        #"[{"ticket":"t"},{"type":"orderbook","codes":null}]"#,
    ])
    func aQuotationTypeWithoutCodesIsNoCodes(text: String) {
        #expect(subscriptionError(text)?.name == "NO_CODES")
    }

    @Test(arguments: [
        ("ticker", "KRW_BTC"), ("ticker", "KRWBTC"), ("ticker", "KRW-"), ("ticker", "-BTC"), ("ticker", "KRW-BTC-X"),
        ("ticker", "KRW-BTC.5"), ("trade", "KRW-ß"), ("orderbook", "KRW-BTC.10"), ("orderbook", "KRW-BTC.05"),
        ("orderbook", "KRW-BTC."), ("orderbook", "KRW-BTC.5.5"), ("orderbook", "KRW-KRW"), ("ticker", ""),
    ])
    func badCodesAreInvalidParam(type: String, code: String) {
        let error = subscriptionError(#"[{"ticket":"t"},{"type":"\#(type)","codes":["\#(code)"]}]"#)
        #expect(error?.name == "INVALID_PARAM")
        #expect(error?.message.contains("\"\(code)\"") == true)
    }

    @Test func aNonStringCodeIsInvalidParam() {
        #expect(subscriptionError(#"[{"ticket":"t"},{"type":"ticker","codes":[7]}]"#)?.name == "INVALID_PARAM")
    }

    @Test(arguments: ["Ticker", "orderBook", "candle.2m", "candle.05m", "candle.1d", "candle.60s", "candle", "bogus"])
    func unknownTypesAreInvalidParam(type: String) {
        let error = subscriptionError(#"[{"ticket":"t"},{"type":"\#(type)","codes":["KRW-BTC"]}]"#)
        #expect(
            error
                == .invalidParameter(
                    "Unknown type \"\(type)\"; expected ticker, trade, orderbook, candle.1s or candle.1m, 3m, 5m, 10m, 15m, "
                        + "30m, 60m, 240m."
                ))
    }

    @Test func aNonStringTypeIsInvalidParam() {
        #expect(subscriptionError(#"[{"ticket":"t"},{"type":3,"codes":["KRW-BTC"]}]"#)?.name == "INVALID_PARAM")
    }

    @Test(arguments: ["myOrder", "myAsset"])
    func privateTypesPointToThePrivateEndpoint(type: String) {
        let error = subscriptionError(#"[{"ticket":"t"},{"type":"\#(type)"}]"#)
        #expect(error == .invalidParameter("The type \"\(type)\" is served on /websocket/v1/private, not here."))
    }

    @Test(arguments: [
        "-1", "1e3", "\"abc\"", "true", "[1]", "\"1.\"", "\".5\"", "\"99999999999999999999999999999999999\"",
    ])
    func badLevelsAreInvalidParam(level: String) {
        let error = subscriptionError(#"[{"ticket":"t"},{"type":"orderbook","codes":["KRW-BTC"],"level":\#(level)}]"#)
        #expect(error?.name == "INVALID_PARAM")
    }

    @Test(arguments: ["\"CSV\"", "1", "null", "\"\""])
    func badFormatsAreInvalidParam(format: String) {
        let error = subscriptionError(#"[{"ticket":"t"},{"format":\#(format)},{"type":"ticker","codes":["KRW-BTC"]}]"#)
        #expect(error?.name == "INVALID_PARAM")
    }

    @Test(arguments: [#""yes""#, "1", "{}"])
    func badFlagsAreInvalidParam(flag: String) {
        let error = subscriptionError(
            #"[{"ticket":"t"},{"type":"ticker","codes":["KRW-BTC"],"isOnlySnapshot":\#(flag)}]"#)
        #expect(error?.name == "INVALID_PARAM")
    }

    @Test func snapshotOnlyAndRealtimeOnlyTogetherAreInvalidParam() {
        let error = subscriptionError(
            #"[{"ticket":"t"},{"type":"ticker","codes":["KRW-BTC"],"is_only_snapshot":true,"isOnlyRealtime":true}]"#
        )
        #expect(
            error == .invalidParameter("The ticker type asks for both is_only_snapshot and is_only_realtime.")
        )
    }

    @Test func anUnknownMethodIsInvalidParam() {
        let error = subscriptionError(#"[{"ticket":"t"},{"method":"UNSUBSCRIBE"}]"#)
        #expect(
            error == .invalidParameter("Unknown method \"UNSUBSCRIBE\"; the only method is LIST_SUBSCRIPTIONS.")
        )
    }

    @Test func moreThanTheMaximumSubscriptionsIsInvalidParam() {
        func request(markets: Int) -> String {
            let codes = (0..<markets).map { "\"KRW-C\($0)\"" }.joined(separator: ",")
            return #"[{"ticket":"t"},{"type":"ticker","codes":[\#(codes)]}]"#
        }
        #expect(subscriptionError(request(markets: SubscriptionRequest.maximumSubscriptions)) == nil)
        #expect(
            subscriptionError(request(markets: SubscriptionRequest.maximumSubscriptions + 1))?.name == "INVALID_PARAM")
    }

    @Test func repeatedPairsDoNotCountTowardsTheMaximum() {
        let codes = Array(repeating: "\"KRW-BTC\"", count: SubscriptionRequest.maximumSubscriptions + 1)
        #expect(
            subscriptionError(#"[{"ticket":"t"},{"type":"ticker","codes":[\#(codes.joined(separator: ","))]}]"#) == nil)
    }

    @Test func longValuesAreCutInMessages() {
        let code = String(repeating: "X", count: 200)
        let error = subscriptionError(#"[{"ticket":"t"},{"type":"ticker","codes":["\#(code)"]}]"#)
        #expect(error?.message.contains("\"\(String(repeating: "X", count: 64))…\"") == true)
        #expect((error?.message.count ?? .max) < 150)
    }

    @Test func invalidJSONMessagesNameTheByte() {
        #expect(
            subscriptionError("[{\"ticket\":\"t\"},]")
                == .wrongFormat("The request is not valid JSON: unexpected character, expected a value at byte 16.")
        )
    }
}
