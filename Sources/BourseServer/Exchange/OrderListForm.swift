import BourseCore
import BourseStore
import BourseUpbit
import BourseWire

/// The shared parameters of the order lists (`orders/open`, `orders/closed`, `orders/uuids`, the legacy
/// `orders`): states, market, paging and sort order, checked as Upbit does.
enum OrderListForm {
    /// The states asked for by `state` or `states[]`, each one of `allowed`; `fallback` when neither is
    /// given. `watch` (untriggered stop orders, which Bourse never has) is accepted and matches nothing.
    static func states(
        _ parameters: RequestParameters, allowed: Set<String>, fallback: Set<OrderState>
    ) throws(UpbitError) -> Set<OrderState> {
        var names = parameters.list("states")
        if let state = parameters.first("state"), !state.isEmpty { names.append(state) }
        guard !names.isEmpty else { return fallback }
        var states: Set<OrderState> = []
        for name in names {
            guard allowed.contains(name) else { throw .validation("state does not have a valid value") }
            if let state = OrderState(rawValue: name) { states.insert(state) }
        }
        return states
    }

    /// `market`, if given.
    static func market(_ parameters: RequestParameters) throws(UpbitError) -> MarketCode? {
        guard let text = parameters.first("market"), !text.isEmpty else { return nil }
        return try OrderForm.market(text)
    }

    /// An integer parameter in `range`, `fallback` when absent.
    static func integer(
        _ parameters: RequestParameters, _ name: String, in range: ClosedRange<Int>, fallback: Int
    ) throws(UpbitError) -> Int {
        guard let text = parameters.first(name), !text.isEmpty else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw .validation("\(name) does not have a valid value")
        }
        return value
    }

    /// Whether `order_by` asks for newest first (`desc`, the default).
    static func newestFirst(_ parameters: RequestParameters) throws(UpbitError) -> Bool {
        switch parameters.first("order_by")?.lowercased() {
        case nil, "", "desc": return true
        case "asc": return false
        default: throw .validation("order_by does not have a valid value")
        }
    }

    /// `uuids[]` or `identifiers[]` (not both, at most `maximum`): the ids and identifiers named, and what
    /// the client sent for each, in its order. A UUID that is not one of Bourse's names no order.
    static func references(
        _ parameters: RequestParameters, maximum: Int
    ) throws(UpbitError) -> (ids: [OrderID]?, identifiers: [OrderIdentifier]?, sent: [String]) {
        let uuids = parameters.list("uuids")
        let identifiers = parameters.list("identifiers")
        guard uuids.isEmpty || identifiers.isEmpty else {
            throw .validation("uuids and identifiers cannot be used together")
        }
        let sent = uuids.isEmpty ? identifiers : uuids
        guard sent.count <= maximum else { throw .validation("at most \(maximum) uuids or identifiers") }
        if !uuids.isEmpty { return (uuids.compactMap { OrderUUID.parse($0) }, nil, sent) }
        if !identifiers.isEmpty { return (nil, identifiers.compactMap(OrderIdentifier.init), sent) }
        return (nil, nil, [])
    }

    /// A time given as ISO 8601 with a zone, or as epoch milliseconds.
    static func time(_ parameters: RequestParameters, _ name: String) throws(UpbitError) -> Timestamp? {
        guard let text = parameters.first(name), !text.isEmpty else { return nil }
        let time: Timestamp
        if let milliseconds = Int64(text) {
            time = Timestamp(milliseconds: milliseconds)
        } else {
            do { time = try UpbitTimeParser.timestamp(text) } catch {
                throw .validation("\(name) does not have a valid value")
            }
        }
        // 1970 to the end of 9999: Int64.max as start_time overflowed adding the 7-day window and stopped
        // the server.
        guard Self.times.contains(time.milliseconds) else {
            throw .validation("\(name) must be between 1970 and 9999")
        }
        return time
    }

    /// Epoch milliseconds a time parameter may name.
    static let times: ClosedRange<Int64> = 0...253_402_300_799_999
}
