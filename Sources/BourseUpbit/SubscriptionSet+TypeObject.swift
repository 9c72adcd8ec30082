import BourseCore
import BourseWire

extension SubscriptionSet {
    /// Parses one `{"type":…,"codes":[…],…}` object and adds its subscriptions.
    mutating func add(typeObject object: JSONValue) throws(SubscriptionError) {
        guard let typeName = object["type"]?.stringValue else {
            throw .invalidParameter("The type \(SubscriptionText.quoted(object["type"] ?? .null)) is not a string.")
        }
        guard let kind = StreamKind(typeName: typeName) else {
            if SubscriptionASCII.equalsIgnoringCase(typeName, "myOrder")
                || SubscriptionASCII.equalsIgnoringCase(typeName, "myAsset")
            {
                throw .invalidParameter(
                    "The type \(SubscriptionText.quoted(typeName)) is served on /websocket/v1/private, not here."
                )
            }
            throw .invalidParameter(
                "Unknown type \(SubscriptionText.quoted(typeName)); expected ticker, trade, orderbook, "
                    + "candle.1s or candle.1m, 3m, 5m, 10m, 15m, 30m, 60m, 240m."
            )
        }
        let snapshotOnly = try Self.flag(in: object, "is_only_snapshot", "isOnlySnapshot")
        let realtimeOnly = try Self.flag(in: object, "is_only_realtime", "isOnlyRealtime")
        guard !(snapshotOnly && realtimeOnly) else {
            throw .invalidParameter("The \(typeName) type asks for both is_only_snapshot and is_only_realtime.")
        }
        let level = kind == .orderBook ? try Self.level(object["level"]) : nil
        guard let codesValue = object["codes"], codesValue != .null else {
            throw .noCodes("The \(typeName) type has no codes, e.g. \"codes\":[\"KRW-BTC\"].")
        }
        guard let codes = codesValue.arrayValue else {
            throw .wrongFormat("The codes of the \(typeName) type must be an array of strings.")
        }
        guard !codes.isEmpty else {
            throw .noCodes("The \(typeName) type has an empty codes array.")
        }
        for codeValue in codes {
            guard let code = codeValue.stringValue else {
                throw .invalidParameter("The code \(SubscriptionText.quoted(codeValue)) is not a string.")
            }
            let (market, depth) = try Self.market(code, kind: kind)
            try add(
                StreamSubscription(
                    kind: kind,
                    market: market,
                    depth: depth,
                    level: level,
                    snapshot: !realtimeOnly,
                    realtime: !snapshotOnly
                )
            )
        }
    }

    /// A boolean option under its snake_case or camelCase key (the first present wins); `true`/`false`
    /// strings in any case are accepted, `null` or absence means false.
    private static func flag(in object: JSONValue, _ keys: String...) throws(SubscriptionError) -> Bool {
        guard let key = keys.first(where: { object[$0] != nil }), let value = object[key] else { return false }
        switch value {
        case .bool(let bool): return bool
        case .null: return false
        case .string(let text) where SubscriptionASCII.equalsIgnoringCase(text, "true"): return true
        case .string(let text) where SubscriptionASCII.equalsIgnoringCase(text, "false"): return false
        default:
            throw .invalidParameter("The \(key) option must be true or false, not \(SubscriptionText.quoted(value)).")
        }
    }

    /// Splits `KRW-BTC.5` into the market and the order-book depth, upper-casing the code.
    private static func market(_ code: String, kind: StreamKind) throws(SubscriptionError) -> (MarketCode, Int) {
        let upper = SubscriptionASCII.uppercased(code)
        let parts = upper.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        var depth = StreamSubscription.defaultOrderBookDepth
        if parts.count == 2 {
            guard kind == .orderBook else {
                throw .invalidParameter(
                    "The code \(SubscriptionText.quoted(code)) has a depth suffix, which only orderbook codes take."
                )
            }
            guard let suffix = Int(parts[1]), String(suffix) == parts[1],
                StreamSubscription.orderBookDepths.contains(suffix)
            else {
                throw .invalidParameter(
                    "The code \(SubscriptionText.quoted(code)) has an unsupported depth; use .1, .5, .15 or .30."
                )
            }
            depth = suffix
        }
        guard let market = MarketCode(parts[0]) else {
            throw .invalidParameter(
                "The code \(SubscriptionText.quoted(code)) is not a market code of the form QUOTE-BASE, e.g. KRW-BTC."
            )
        }
        return (market, kind == .orderBook ? depth : 0)
    }
}
