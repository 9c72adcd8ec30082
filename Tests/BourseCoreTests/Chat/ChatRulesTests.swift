import BourseCore
import Testing

/// Chat's moderation rules, each on its own: what refuses a message in which order, what is a link, which
/// words match, how slow mode counts.
@Suite("Chat rules")
struct ChatRulesTests {
    static let now = Timestamp(milliseconds: 1_000_000)
    static let member = AccountID(7)

    static func sanction(_ kind: ChatSanction.Kind, until: Int64?) -> ChatSanction {
        ChatSanction(
            scope: 1, account: member, kind: kind, until: until.map(Timestamp.init(milliseconds:)), setBy: AccountID(1),
            reason: "", setAt: Timestamp(milliseconds: 0))
    }

    static func rules(slow: Int = 0, links: Bool = true, words: [String] = []) -> ChatRoomRules {
        ChatRoomRules(
            room: "item:1", slowModeSeconds: slow, linksAllowed: links, blockedWords: words, setBy: AccountID(1),
            setAt: Timestamp(milliseconds: 0))
    }

    static func refusal(
        _ text: String, moderates: Bool = false, sanctions: [ChatSanction] = [], rules: ChatRoomRules? = nil,
        house: ChatRoomRules? = nil
    ) -> ChatRules.Refusal? {
        ChatRules.refusal(of: text, moderates: moderates, sanctions: sanctions, rules: rules, house: house, at: now)
    }

    @Test func refusalsComeInOrderBanMuteLinkWord() {
        let strict = Self.rules(slow: 30, links: false, words: ["scam"])
        let all = [Self.sanction(.mute, until: 2_000_000), Self.sanction(.ban, until: 1_500_000)]
        let text = "scam at www.example.com"
        #expect(Self.refusal(text, sanctions: all, rules: strict) == .banned(until: Timestamp(milliseconds: 1_500_000)))
        #expect(
            Self.refusal(text, sanctions: [all[0]], rules: strict) == .muted(until: Timestamp(milliseconds: 2_000_000)))
        #expect(Self.refusal(text, rules: strict) == .link)
        #expect(Self.refusal("a scam", rules: strict) == .blockedWord("scam"))
        #expect(Self.refusal("fine", rules: strict) == nil, "slow mode is decided apart")
    }

    @Test func sanctionsHoldUntilTheirEndAndTheLongestIsNamed() {
        #expect(Self.refusal("hi", sanctions: [Self.sanction(.mute, until: Self.now.milliseconds)]) == nil, "ended")
        #expect(Self.refusal("hi", sanctions: [Self.sanction(.mute, until: Self.now.milliseconds + 1)]) != nil)
        let forGood = Self.sanction(.mute, until: nil)
        var other = Self.sanction(.mute, until: 9_000_000)
        other.scope = 0
        #expect(Self.refusal("hi", sanctions: [other, forGood]) == .muted(until: nil))
    }

    @Test func moderatorsMayPostLinksButAreHeldToWordsAndSanctions() {
        let strict = Self.rules(slow: 30, links: false, words: ["사기"])
        #expect(Self.refusal("see https://x.kr", moderates: true, rules: strict) == nil)
        #expect(Self.refusal("사기꾼 조심", moderates: true, rules: strict) == .blockedWord("사기"))
        #expect(
            Self.refusal("hi", moderates: true, sanctions: [Self.sanction(.ban, until: nil)]) == .banned(until: nil))
    }

    @Test func slowModeCountsFromTheLastPostToTheMillisecondAndSparesModerators() {
        let slow = Self.rules(slow: 10)
        let now = Self.now.milliseconds
        func wait(_ last: Int64?, _ rules: ChatRoomRules? = slow, moderates: Bool = false) -> ChatRules.Refusal? {
            ChatRules.slowModeWait(lastPostedAt: last, rules: rules, moderates: moderates, at: Self.now)
        }
        #expect(wait(now - 9_999) == .slowMode(waitMilliseconds: 1))
        #expect(wait(now - 10_000) == nil)
        #expect(wait(nil) == nil, "a first post is never slowed")
        #expect(wait(now, Self.rules(slow: 0)) == nil)
        #expect(wait(now, nil) == nil)
        #expect(wait(now, moderates: true) == nil)
    }

    @Test(arguments: [
        ("http://a", true), ("HTTPS://EXAMPLE.COM", true), ("www.shop", true), ("see example.com", true),
        ("bit.ly/abc", true), ("shop.example.kr!", true), ("pay at 네이버.com", true), ("mail me at a@b.co", true),
        ("naver.com에서 사세요", true), ("ｎａｖｅｒ．ｃｏｍ", true), ("naver.\u{200B}com", true), ("ㅋㅋwww.x.kr", true),
        ("free.tk", true), ("version 3.5", false), ("e.g. this", false), ("Mr.Kim says hi", false), ("end.", false),
        (".com", false), ("example.community", false), ("1.000 won", false), ("a.comb", false), ("awww.", false),
        ("wwww. so cute", false), ("thanks.Me too", false), ("done.to be honest", false),
    ])
    func linksAreSchemesWwwOrKnownDomains(text: String, isLink: Bool) {
        #expect(ChatRules.containsLink(text) == isLink, "\(text)")
    }

    @Test(
        arguments: [
            ("a scam!", ["scam"], "scam"), ("SCAM", ["scam"], "scam"), ("scampi for sale", ["scam"], nil),
            ("noscam", ["scam"], nil), ("scam2", ["scam"], nil), ("사기꾼이에요", ["사기"], "사기"),
            ("fine", ["scam", "fraud"], nil), ("a fraud", ["scam", "fraud"], "fraud"),
            ("scampi, scam", ["scam"], "scam"),
            ("scam이에요", ["scam"], "scam"), ("완전scam", ["scam"], "scam"), ("sc\u{200B}am", ["scam"], "scam"),
            ("ＳＣＡＭ", ["scam"], "scam"), ("scams", ["scam"], nil),
        ] as [(String, [String], String?)])
    func asciiWordsMatchWholeOtherWordsAnywhere(text: String, words: [String], match: String?) {
        #expect(ChatRules.blockedWord(in: text, words: words) == match, "\(text)")
    }

    @Test func theHousesWordsApplyBesideTheRoomsAndWordListsAreChecked() {
        #expect(Self.refusal("free money", house: Self.rules(words: ["money"])) == .blockedWord("money"))
        #expect(ChatRules.checkedWords(["Scam", "scam", "사기", "ＦＲＡＵＤ"]) == ["scam", "사기", "fraud"])
        #expect(ChatRules.checkedWords(["two words"]) == nil)
        #expect(ChatRules.checkedWords([""]) == nil)
        #expect(ChatRules.checkedWords(["tab\t"]) == nil)
        #expect(ChatRules.checkedWords(["zero\u{200B}width"]) == nil)
        #expect(ChatRules.checkedWords(Array(repeating: "w", count: 201)) == nil)
        #expect(ChatRules.checkedWords([String(repeating: "x", count: 41)]) == nil)
    }
}
