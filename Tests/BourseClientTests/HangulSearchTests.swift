import BourseClient
import Foundation
import Testing

@Suite("Korean search: initial consonants, English keyboard layout, names and codes")
struct HangulSearchTests {
    @Test func initialConsonantsOfEachSyllable() {
        #expect(Hangul.initialConsonants(of: "비트코인") == "ㅂㅌㅋㅇ")
        #expect(Hangul.initialConsonants(of: "이더리움 클래식") == "ㅇㄷㄹㅇ ㅋㄹㅅ")
        #expect(Hangul.initialConsonants(of: "BTC") == "BTC")
    }

    @Test func keystrokesOnTheTwoSetKeyboard() {
        #expect(Hangul.keystrokes(of: "비트코인") == "qlxmzhdls")
        #expect(Hangul.keystrokes(of: "이더리움") == "dlejfldna")
        // Compound vowels and finals, and a tense consonant (lowercased).
        #expect(Hangul.keystrokes(of: "퀀텀") == "znjsxja")
        #expect(Hangul.keystrokes(of: "앉") == "dksw")
        #expect(Hangul.keystrokes(of: "쓰") == "tm")
        #expect(Hangul.keystrokes(of: "ㅂㅣㅌ") == "qlx")
    }

    static let bitcoin = MarketSearchKey(code: "KRW-BTC", koreanName: "비트코인", englishName: "Bitcoin")
    static let ether = MarketSearchKey(code: "KRW-ETH", koreanName: "이더리움", englishName: "Ethereum")
    static let classic = MarketSearchKey(code: "KRW-ETC", koreanName: "이더리움클래식", englishName: "Ethereum Classic")

    @Test(arguments: [
        ("ㅂㅌ", true, false), ("ㅇㄷㄹ", false, true), ("qlxm", true, false), ("QLXM", true, false),
        ("qlx", true, false), ("빝", true, false), ("비트", true, false), ("btc", true, false),
        ("KRW-B", true, false), ("bit", true, false), ("ether", false, true), ("리움", false, true),
        ("dlejf", false, true), ("  eth  ", false, true), ("", true, true), ("xyz", false, false),
        ("ㅋㅇ", true, false),
    ])
    func queriesFindMarkets(query: String, findsBitcoin: Bool, findsEther: Bool) {
        let prepared = MarketSearchQuery(query)
        #expect(Self.bitcoin.matches(prepared) == findsBitcoin)
        #expect(Self.ether.matches(prepared) == findsEther)
    }

    @Test func aSpacedKoreanNameIsFoundWithoutTheSpace() {
        let spaced = MarketSearchKey(code: "KRW-ETC", koreanName: "이더리움 클래식", englishName: "Ethereum Classic")
        #expect(spaced.matches(MarketSearchQuery("dlejfldnazmffo")))
        #expect(Self.classic.matches(MarketSearchQuery("ㅋㄹㅅ")))
        #expect(!Self.classic.matches(MarketSearchQuery("ㅂㅌ")))
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
