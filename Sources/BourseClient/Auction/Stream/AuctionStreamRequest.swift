import Foundation

/// A request on the auction socket (auction-api.md §3): `id`, `type`, and the fields of that type.
struct AuctionStreamRequest: Encodable, Sendable {
    var id: Int
    var type: String
    var token: String?
    var pages: Int?
    var items: [Int64]?
    /// Per item (its id as a string, as JSON keys are), the last `seq` the client has.
    var since: [String: Int64]?
    var item: Int64?
    /// The bid's maximum as the server reads money: whole won in a decimal string.
    var max: String?

    init(id: Int, type: String) {
        self.id = id
        self.type = type
    }

    /// A subscription to `interest`, resuming from `since` for the items in it.
    init(id: Int, subscribing interest: AuctionStream.Interest, since: [Int64: Int64] = [:]) {
        self.init(id: id, type: "subscribe")
        switch interest {
        case .pages(let count): pages = count
        case .items(let ids): items = ids
        }
        if !since.isEmpty { self.since = Dictionary(uniqueKeysWithValues: since.map { (String($0.key), $0.value) }) }
    }

    /// The request as a text frame: JSON with its keys sorted, so equal requests are equal text.
    func text() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding strings and integers cannot fail.
        let data = (try? encoder.encode(self)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}

extension AuctionStream {
    /// What the stream follows: each subscription replaces it, and every reconnect subscribes to it again.
    enum Interest: Hashable, Sendable {
        /// The items of the first N pages of the default list.
        case pages(Int)
        /// These items.
        case items([Int64])
    }
}
