import BourseClient
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
