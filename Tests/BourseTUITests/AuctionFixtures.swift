import BourseClient
import Foundation

/// Items, bids and answers as the server writes them, decoded by the SDK: the screens get exactly what
/// `bourse auctions` gets from `AuctionClient`.
enum AuctionFixtures {
    /// The server's clock in every frame: 2026-03-11T13:47:00Z, 22:47:00 KST.
    static let now = Date(timeIntervalSince1970: 1_773_236_820)
    static let nowMs: Int64 = 1_773_236_820_000

    static func item(
        id: Int64, title: String, price: Int64, bids: Int = 0, endsIn seconds: Int64, state: String = "live",
        reserve: String = "none", buyNow: Int64? = nil, leader: String? = nil, seller: String = "demo-seller-1",
        minimum: Int64? = nil, photos: Int = 1, watchers: Int = 0, extended: Int64 = 0, seq: Int64 = 1
    ) -> AuctionItem {
        let end = nowMs + seconds * 1_000
        var object: [String: Any] = [
            "id": id, "seller": seller, "title": title, "description": "A demo listing.", "category": "cameras",
            "photos": (0..<photos).map { index in
                ["id": id * 10 + Int64(index), "url": "/auction/v1/photos/\(index)", "width": 64, "height": 48]
            },
            "start_price": "10000", "price": String(price), "bid_count": bids, "reserve": reserve,
            "starts_at_ms": nowMs - 600_000, "ends_at_ms": end - extended * 1_000, "effective_ends_at_ms": end,
            "state": state, "watchers": watchers, "seq": seq, "server_time": nowMs,
        ]
        if let buyNow { object["buy_now_price"] = String(buyNow) }
        if let leader { object["leader"] = leader }
        if let minimum { object["minimum_bid"] = String(minimum) }
        return decode(object)
    }

    static func bid(
        _ bidder: String, _ price: Int64, secondsAgo: Int64, leading: Bool = true, seq: Int64 = 1
    )
        -> AuctionBid
    {
        decode([
            "bidder": bidder, "price": String(price), "leading": leading, "time_ms": nowMs - secondsAgo * 1_000,
            "seq": seq,
        ])
    }

    static func page(_ items: [AuctionItem], page: Int = 1, pages: Int = 1, total: Int? = nil) -> AuctionPage {
        // `AuctionPage` is only decodable: decode its numbers, then put the (already decoded) items in.
        let data = try! JSONSerialization.data(withJSONObject: [
            "page": page, "pages": pages, "total": total ?? items.count, "items": [],
        ])
        var decoded = try! JSONDecoder().decode(AuctionPage.self, from: data)
        decoded.items = items
        return decoded
    }

    static func receipt(item: Int64, price: Int64, leading: Bool, max: Int64) -> BidReceipt {
        decode([
            "item": item, "price": String(price), "leading": leading, "your_max": String(max),
            "effective_ends_at_ms": nowMs + 60_000, "seq": 9,
        ])
    }

    static func decode<Value: Decodable>(_ object: [String: Any]) -> Value {
        let data = try! JSONSerialization.data(withJSONObject: object)
        return try! JSONDecoder().decode(Value.self, from: data)
    }
}
