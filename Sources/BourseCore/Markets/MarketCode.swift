/// A market code in Upbit's `QUOTE-BASE` form, e.g. `KRW-BTC` (BTC priced in KRW).
public struct MarketCode: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// The currency prices and funds are counted in (`KRW`, `BTC`, `USDT`).
    public let quote: String
    /// The currency bought and sold (`BTC` in `KRW-BTC`).
    public let base: String

    /// Builds a code from its two currencies; both must be 1–15 upper-case letters or digits.
    public init?(quote: String, base: String) {
        guard Self.isCurrency(quote), Self.isCurrency(base), quote != base else { return nil }
        self.quote = quote
        self.base = base
    }

    /// Parses `"KRW-BTC"`; `nil` for anything else (lower case, missing dash, empty parts).
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        self.init(quote: String(parts[0]), base: String(parts[1]))
    }

    /// `QUOTE-BASE`.
    public var description: String { "\(quote)-\(base)" }

    /// Alphabetical by the spelled code.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.description < rhs.description }

    private static func isCurrency(_ text: String) -> Bool {
        let bytes = text.utf8
        return (1...15).contains(bytes.count)
            && bytes.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || (48...57).contains($0) }
    }
}
