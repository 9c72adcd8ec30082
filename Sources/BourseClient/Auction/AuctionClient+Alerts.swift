public import Foundation

/// One of the signed-in user's alerts, as the server keeps it.
public struct AuctionAlert: Hashable, Sendable, Decodable {
    /// The server's id: what ``AuctionClient/deleteAlert(_:)`` takes, and `myAlert`'s `alert_id`.
    public var id: Int64
    /// `price`, `change_rate`, `value_24h`, `item`, or a kind a newer server adds.
    public var kind: String
    /// The exchange market it watches, if any.
    public var market: String?
    /// The auction item it watches, if any.
    public var item: Int64?
    /// The price line (`price` and `item` kinds).
    public var price: Decimal?
    /// The side a price line waits for.
    public var direction: Direction?
    /// The change line in percent (`change_rate`).
    public var percent: Decimal?
    /// The 24 h value line (`value_24h`).
    public var amount: Decimal?
    /// The minutes left an item alert waits for.
    public var minutes: Int?
    /// `active`, `fired` or `expired` (its item's sale ended first).
    public var state: String
    /// The condition in the server's words ("at or above 100,000,000 KRW").
    public var text: String
    /// When it was set.
    public var createdAt: Date
    /// When it fired or expired.
    public var endedAt: Date?

    /// Reads the server's alert; decimals from their exact strings, times from epoch milliseconds.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: WireKey.self)
        func decimal(_ key: String) throws -> Decimal? {
            try c.optionalValue(key, as: String.self).flatMap {
                Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX"))
            }
        }
        id = try c.value("alert_id")
        kind = try c.value("kind")
        market = try c.optionalValue("market")
        item = try c.optionalValue("item")
        price = try decimal("price")
        direction = try c.optionalValue("direction", as: String.self).flatMap(Direction.init(rawValue:))
        percent = try decimal("percent")
        amount = try decimal("amount")
        minutes = try c.optionalValue("minutes")
        state = try c.value("state")
        text = try c.value("text")
        createdAt = AuctionTime.date(try c.value("created_at"))
        endedAt = try c.optionalValue("ended_at", as: Int64.self).map(AuctionTime.date)
    }

    /// Whether it still waits.
    public var isActive: Bool { state == "active" }
}

/// The signed-in user's alerts: the active ones, then the latest that fired or expired.
public struct AlertList: Hashable, Sendable, Decodable {
    /// The alerts, newest first within each group.
    public var alerts: [AuctionAlert]
    /// How many are active.
    public var active: Int
    /// The most active alerts one user may hold.
    public var maximumActive: Int

    private enum CodingKeys: String, CodingKey {
        case alerts, active
        case maximumActive = "maximum_active"
    }
}

extension AuctionAlert {
    /// What an alert waits for, as an app sets it (issue #19). Lines are decimals, sent as the API's exact
    /// strings: a `Double` would turn 0.1 into 0.1000000000000000055.
    public enum Condition: Hashable, Sendable {
        /// An exchange market's last trade at or beyond `price`: above or below as `direction` says, or (nil) on the
        /// side the price lies from the market's price now.
        case price(market: String, price: Decimal, direction: Direction? = nil)
        /// The market's change since the previous close at or beyond `percent` (`5` waits for +5 %, `-3` for -3 %).
        case changeRate(market: String, percent: Decimal)
        /// The market's quote value traded in the rolling 24 hours at or above `amount`.
        case value24h(market: String, amount: Decimal)
        /// The auction item still at or under `price` with at most `minutes` left.
        case item(Int64, price: Won, minutes: Int)

        /// The body of `POST /auction/v1/me/alerts`.
        var body: [String: any Sendable] {
            switch self {
            case .price(let market, let price, let direction):
                var body: [String: any Sendable] = ["kind": "price", "market": market, "price": price.description]
                if let direction { body["direction"] = direction.rawValue }
                return body
            case .changeRate(let market, let percent):
                return ["kind": "change_rate", "market": market, "percent": percent.description]
            case .value24h(let market, let amount):
                return ["kind": "value_24h", "market": market, "amount": amount.description]
            case .item(let item, let price, let minutes):
                return ["kind": "item", "item": item, "price": price.description, "minutes": minutes]
            }
        }
    }

    /// Which side of its line a price alert waits for.
    public enum Direction: String, Hashable, Sendable, Decodable {
        /// At or above.
        case above
        /// At or below.
        case below
    }
}

extension AuctionClient {
    /// The signed-in user's alerts.
    public func alerts() async throws -> AlertList {
        try await send("GET", "/me/alerts")
    }

    /// Sets an alert; it fires once, into the inbox (a `notification` of kind `alert` on the auction socket)
    /// and as `myAlert` on the private exchange socket. One already met fires at once.
    @discardableResult
    public func setAlert(_ condition: AuctionAlert.Condition) async throws -> AuctionAlert {
        try await send("POST", "/me/alerts", object: condition.body)
    }

    /// Deletes alert `id` (of any state).
    public func deleteAlert(_ id: Int64) async throws {
        struct Deleted: Decodable { var deleted: Bool }
        let _: Deleted = try await send("DELETE", "/me/alerts/\(id)")
    }
}
