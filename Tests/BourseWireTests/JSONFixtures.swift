import BourseCore

/// Inputs of the JSON writer tests.
enum JSONFixtures {
    static let btc = MarketCode("KRW-BTC")!
    /// 2026-03-09T04:56:53.123Z (13:56:53 KST).
    static let tradeTime = Timestamp(milliseconds: 1_773_032_213_123)

    static func price(_ text: String) -> Price { try! Price(parsing: text) }
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
