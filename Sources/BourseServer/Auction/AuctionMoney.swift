import BourseCore
import BourseWire

/// Auction amounts on the wire: whole won as decimal strings (`"15000"`), like the exchange API's KRW.
enum AuctionMoney {
    /// The largest amount accepted: 10 billion won, far inside what `Funds` (an `Int64` of 10⁻⁸) holds.
    static let maximumWon: Int64 = 10_000_000_000

    /// `text` (a decimal string of whole won, or a JSON number's text) as ``Funds``; nil if it is not one.
    static func funds(_ text: String) -> Funds? {
        guard !text.isEmpty, text.utf8.count <= 12, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let won = Int64(text), won > 0, won <= maximumWon
        else { return nil }
        return .won(won)
    }

    /// The member `key` of `object` as an amount, if present: a string or a number of whole won.
    static func funds(_ key: String, in object: JSONValue) throws -> Funds? {
        guard let value = object[key], value != .null else { return nil }
        guard let text = value.stringValue ?? value.numberText, let funds = funds(text) else {
            throw AuctionError.invalidParameter("\(key) must be a whole number of won, from 1 to 10,000,000,000.")
        }
        return funds
    }

    /// `funds` as a decimal string of whole won.
    static func text(_ funds: Funds) -> String { String(funds.wholeWon) }
}
