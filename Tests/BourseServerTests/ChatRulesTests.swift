import BourseCore
import BourseStore
import Testing

@testable import BourseServer

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
        _ text: String, moderates: Bool = false, sanctions: [ChatSanction] = [], last: Int64? = nil,
        rules: ChatRoomRules? = nil, house: ChatRoomRules? = nil
    ) -> ChatRules.Refusal? {
        ChatRules.refusal(
            of: text, by: .init(moderates: moderates, sanctions: sanctions, lastPostedAt: last), rules: rules,
            house: house,
            at: now)
    }

    @Test func refusalsComeInOrderBanMuteSlowModeLinkWord() {
        let strict = Self.rules(slow: 30, links: false, words: ["scam"])
        let all = [Self.sanction(.mute, until: 2_000_000), Self.sanction(.ban, until: 1_500_000)]
        let text = "scam at www.example.com"
        let recent = Self.now.milliseconds - 10_000
        #expect(
            Self.refusal(text, sanctions: all, last: recent, rules: strict)
                == .banned(until: Timestamp(milliseconds: 1_500_000)))
        #expect(
            Self.refusal(text, sanctions: [all[0]], last: recent, rules: strict)
                == .muted(until: Timestamp(milliseconds: 2_000_000)))
        #expect(Self.refusal(text, last: recent, rules: strict) == .slowMode(waitMilliseconds: 20_000))
        #expect(Self.refusal(text, rules: strict) == .link)
        #expect(Self.refusal("a scam", rules: strict) == .blockedWord("scam"))
        #expect(Self.refusal("fine", last: recent, rules: Self.rules(words: ["scam"])) == nil)
    }

    @Test func sanctionsHoldUntilTheirEndAndTheLongestIsNamed() {
        #expect(Self.refusal("hi", sanctions: [Self.sanction(.mute, until: Self.now.milliseconds)]) == nil, "ended")
        #expect(Self.refusal("hi", sanctions: [Self.sanction(.mute, until: Self.now.milliseconds + 1)]) != nil)
        let forGood = Self.sanction(.mute, until: nil)
        var other = Self.sanction(.mute, until: 9_000_000)
        other.scope = 0
        #expect(Self.refusal("hi", sanctions: [other, forGood]) == .muted(until: nil))
    }

    @Test func moderatorsAreNotSlowedNorHeldToTheLinkRuleButToWordsAndSanctions() {
        let strict = Self.rules(slow: 30, links: false, words: ["사기"])
        #expect(Self.refusal("see https://x.kr", moderates: true, last: Self.now.milliseconds, rules: strict) == nil)
        #expect(Self.refusal("사기꾼 조심", moderates: true, rules: strict) == .blockedWord("사기"))
        #expect(
            Self.refusal("hi", moderates: true, sanctions: [Self.sanction(.ban, until: nil)]) == .banned(until: nil))
    }

    @Test func slowModeCountsFromTheLastPostToTheMillisecond() {
        let slow = Self.rules(slow: 10)
        let now = Self.now.milliseconds
        #expect(Self.refusal("a", last: now - 9_999, rules: slow) == .slowMode(waitMilliseconds: 1))
        #expect(Self.refusal("a", last: now - 10_000, rules: slow) == nil)
        #expect(Self.refusal("a", last: nil, rules: slow) == nil, "a first post is never slowed")
        #expect(Self.refusal("a", last: now, rules: Self.rules(slow: 0)) == nil)
    }

    @Test(arguments: [
        ("http://a", true), ("HTTPS://EXAMPLE.COM", true), ("www.shop", true), ("see example.com", true),
        ("bit.ly/abc", true), ("shop.example.kr!", true), ("pay at 네이버.com", true), ("mail me at a@b.co", true),
        ("naver.com에서 사세요", true),
        ("version 3.5", false), ("e.g. this", false), ("Mr.Kim says hi", false), ("end.", false), (".com", false),
        ("example.community", false), ("1.000 won", false), ("a.comb", false),
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
        ] as [(String, [String], String?)])
    func asciiWordsMatchWholeOtherWordsAnywhere(text: String, words: [String], match: String?) {
        #expect(ChatRules.blockedWord(in: text, words: words) == match, "\(text)")
    }

    @Test func housWordsApplyBesideTheRoomsAndWordListsAreChecked() {
        #expect(Self.refusal("free money", house: Self.rules(words: ["money"])) == .blockedWord("money"))
        #expect(ChatRules.checkedWords(["Scam", "scam", "사기"]) == ["scam", "사기"])
        #expect(ChatRules.checkedWords(["two words"]) == nil)
        #expect(ChatRules.checkedWords([""]) == nil)
        #expect(ChatRules.checkedWords(["tab\t"]) == nil)
        #expect(ChatRules.checkedWords(Array(repeating: "w", count: 201)) == nil)
        #expect(ChatRules.checkedWords([String(repeating: "x", count: 41)]) == nil)
    }
}
