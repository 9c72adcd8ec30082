import BourseClient
import Foundation
import Testing

/// The search cases shared with the web board (`Web/js/search.js` is checked against the same file in
/// Chromium), so that the SDK and the browser find the same markets for the same query.
struct MarketSearchVectors: Decodable, Sendable {
    /// A text and what a conversion (initial consonants, keystrokes) must turn it into.
    struct Conversion: Decodable, Sendable, CustomTestStringConvertible {
        let text: String
        let expected: String
        var testDescription: String { "\(text) → \(expected)" }
    }

    struct Market: Decodable, Sendable {
        let code: String
        let koreanName: String
        let englishName: String
        var searchKey: MarketSearchKey {
            MarketSearchKey(code: code, koreanName: koreanName, englishName: englishName)
        }
    }

    /// A query and, for each market it names, whether the query finds it.
    struct Query: Decodable, Sendable, CustomTestStringConvertible {
        let query: String
        let finds: [String: Bool]
        var testDescription: String { "\"\(query)\"" }
    }

    let initialConsonants: [Conversion]
    let keystrokes: [Conversion]
    let markets: [String: Market]
    let queries: [Query]

    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Vectors/market-search.json")

    static func load() throws -> MarketSearchVectors {
        try JSONDecoder().decode(MarketSearchVectors.self, from: Data(contentsOf: url))
    }

    /// The file's cases, or none if it cannot be read; `theSharedVectorsAreRead` then fails and says why,
    /// instead of the parameterized tests silently running zero cases.
    static let shared =
        (try? load()) ?? MarketSearchVectors(initialConsonants: [], keystrokes: [], markets: [:], queries: [])
}

@Suite("Korean search: initial consonants, English keyboard layout, names and codes")
struct HangulSearchTests {
    @Test func theSharedVectorsAreRead() throws {
        let vectors = try MarketSearchVectors.load()
        #expect(vectors.initialConsonants.count >= 3 && vectors.keystrokes.count >= 6 && vectors.queries.count >= 17)
        // Every query names only markets the file defines, or its expectation would never be checked.
        for query in vectors.queries {
            #expect(!query.finds.isEmpty)
            for market in query.finds.keys {
                #expect(vectors.markets[market] != nil, "\(query.query): \(market)")
            }
        }
    }

    @Test(arguments: MarketSearchVectors.shared.initialConsonants)
    func initialConsonantsOfEachSyllable(_ vector: MarketSearchVectors.Conversion) {
        #expect(Hangul.initialConsonants(of: vector.text) == vector.expected)
    }

    @Test(arguments: MarketSearchVectors.shared.keystrokes)
    func keystrokesOnTheTwoSetKeyboard(_ vector: MarketSearchVectors.Conversion) {
        #expect(Hangul.keystrokes(of: vector.text) == vector.expected)
    }

    @Test(arguments: MarketSearchVectors.shared.queries)
    func queriesFindMarkets(_ vector: MarketSearchVectors.Query) throws {
        let prepared = MarketSearchQuery(vector.query)
        for (name, expected) in vector.finds.sorted(by: { $0.key < $1.key }) {
            let market = try #require(MarketSearchVectors.shared.markets[name])
            #expect(market.searchKey.matches(prepared) == expected, "\(name)")
        }
    }
}

@Suite("Wire decoding: tickers in REST, DEFAULT and SIMPLE spellings; market listings; stream frames")
struct WireDecodingTests {
    @Test func tickersInEverySpelling() throws {
        let rest =
            #"{"market":"KRW-BTC","trade_price":140000000,"signed_change_rate":0.01,"#
            + #""signed_change_price":1400000,"acc_trade_price_24h":9.5e11,"change":"RISE","extra":1}"#
        let simple =
            #"{"ty":"ticker","cd":"KRW-BTC","tp":140000000,"scr":0.01,"scp":1400000,"#
            + #""atp24h":9.5e11,"c":"RISE","st":"REALTIME"}"#
        let fromREST = try JSONDecoder().decode(TickerUpdate.self, from: Data(rest.utf8))
        guard case .ticker(let fromSimple) = try StreamMessage.decode(Data(simple.utf8)) else {
            Issue.record("not a ticker")
            return
        }
        #expect(fromREST == fromSimple)
        #expect(fromREST.tradePrice == 140_000_000 && fromREST.change == .rise)
        let wrong = simple.replacingOccurrences(of: "RISE", with: "UP")
        #expect(throws: DecodingError.self) { try StreamMessage.decode(Data(wrong.utf8)) }
    }

    @Test func listingsAndOtherFrames() throws {
        let listing =
            #"[{"market":"KRW-BTC","korean_name":"비트코인","english_name":"Bitcoin","#
            + #""market_event":{"warning":true,"caution":{}}},"#
            + #"{"market":"KRW-ETH","korean_name":"이더리움","english_name":"Ethereum","market_warning":"NONE"}]"#
        let markets = try JSONDecoder().decode([BoardMarket].self, from: Data(listing.utf8))
        #expect(markets.map(\.code) == ["KRW-BTC", "KRW-ETH"] && markets.map(\.hasWarning) == [true, false])
        #expect(markets[0].quote == "KRW" && markets[0].base == "BTC")
        guard case .other(let type) = try StreamMessage.decode(Data(#"{"status":"UP"}"#.utf8)) else {
            Issue.record("status frame")
            return
        }
        #expect(type == nil)
        let error = #"{"error":{"name":"INVALID_PARAM","message":"type is missing"}}"#
        guard case .error(let name, _) = try StreamMessage.decode(Data(error.utf8)) else {
            Issue.record("error frame")
            return
        }
        #expect(name == "INVALID_PARAM")
    }
}
