/// A market code in Upbit's `QUOTE-BASE` form, e.g. `KRW-BTC` (BTC priced in KRW).
///
/// Both currencies are ``CurrencyCode``s stored inline, so a code is 32 plain bytes: events that carry it
/// copy without reference counting, and comparing two codes compares integers.
public struct MarketCode: Hashable, Codable, Sendable, CustomStringConvertible, Comparable {
    /// The currency prices and funds are counted in.
    public let quoteCode: CurrencyCode
    /// The currency bought and sold.
    public let baseCode: CurrencyCode

    /// Builds a code from two different currencies.
    public init?(quote: CurrencyCode, base: CurrencyCode) {
        guard quote != base else { return nil }
        quoteCode = quote
        baseCode = base
    }

    /// Builds a code from its two currencies; both must be 1–15 upper-case letters or digits.
    public init?(quote: String, base: String) {
        guard let quote = CurrencyCode(quote), let base = CurrencyCode(base) else { return nil }
        self.init(quote: quote, base: base)
    }

    /// Parses `"KRW-BTC"`; `nil` for anything else (lower case, missing dash, empty parts).
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        self.init(quote: String(parts[0]), base: String(parts[1]))
    }

    /// The quote currency as text (`KRW`, `BTC`, `USDT`).
    public var quote: String { quoteCode.description }

    /// The base currency as text (`BTC` in `KRW-BTC`).
    public var base: String { baseCode.description }

    /// `QUOTE-BASE`.
    public var description: String { "\(quote)-\(base)" }

    /// Alphabetical by the spelled code (`-` sorts before every letter and digit, as a shorter quote does).
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.quoteCode, lhs.baseCode) < (rhs.quoteCode, rhs.baseCode)
    }
}
