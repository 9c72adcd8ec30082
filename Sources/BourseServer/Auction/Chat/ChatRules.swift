import BourseCore
import BourseStore

/// Chat's moderation rules as pure functions (issue #19), so each is tested on its own: what a room's rules
/// and a member's sanctions refuse, what counts as a link, which words match, how long slow mode makes one
/// wait.
enum ChatRules {
    /// Why a message is refused, before anything is stored.
    enum Refusal: Equatable {
        /// Banned from the item's rooms (or the house) until then (nil: for good).
        case banned(until: Timestamp?)
        /// Muted until then (nil: for good).
        case muted(until: Timestamp?)
        /// The room's slow mode: milliseconds until one may post again.
        case slowMode(waitMilliseconds: Int64)
        /// The room allows no links and the message holds one.
        case link
        /// The message holds a word the room or the house blocks.
        case blockedWord(String)
    }

    /// Who is posting, as the rules see them.
    struct Poster {
        /// The item's seller or an admin: never slowed or held to the room's link rule.
        var moderates: Bool
        /// Their sanctions on the item and the house, expired ones included.
        var sanctions: [ChatSanction]
        /// When they last posted in the room (epoch milliseconds), if they have since the server started.
        var lastPostedAt: Int64?
    }

    /// The first rule that refuses `text` from `poster` at `now`, under `rules` (the room's) and `house`
    /// (every room's words); nil if the message may go. Bans come before mutes, before slow mode, before
    /// the text's own checks, so a sanctioned member learns that first.
    static func refusal(
        of text: String, by poster: Poster, rules: ChatRoomRules?, house: ChatRoomRules?, at now: Timestamp
    ) -> Refusal? {
        let active = poster.sanctions.filter { $0.isActive(at: now) }
        if let ban = latest(active.filter { $0.kind == .ban }) { return .banned(until: ban.until) }
        if let mute = latest(active.filter { $0.kind == .mute }) { return .muted(until: mute.until) }
        if !poster.moderates, let rules, rules.slowModeSeconds > 0, let last = poster.lastPostedAt {
            let wait = last + Int64(rules.slowModeSeconds) * 1_000 - now.milliseconds
            if wait > 0 { return .slowMode(waitMilliseconds: wait) }
        }
        if !poster.moderates, let rules, !rules.linksAllowed, containsLink(text) { return .link }
        if let word = blockedWord(in: text, words: (house?.blockedWords ?? []) + (rules?.blockedWords ?? [])) {
            return .blockedWord(word)
        }
        return nil
    }

    /// The sanction that lasts longest (one for good before any with an end).
    static func latest(_ sanctions: [ChatSanction]) -> ChatSanction? {
        sanctions.max { ($0.until?.milliseconds ?? .max) < ($1.until?.milliseconds ?? .max) }
    }

    // MARK: - Links

    /// Top-level domains that make `name.tld` a link even without a scheme or `www.`: the common generic ones
    /// and the countries scams favour. A list, not a pattern, so "e.g." or "3.5" or "Mr.Kim" is not a link.
    static let domains: Set<String> = [
        "com", "net", "org", "io", "co", "ly", "me", "app", "dev", "xyz", "info", "biz", "shop", "site", "link",
        "online", "store", "gg", "to", "tv", "us", "uk", "kr", "jp", "cn", "ru", "de", "fr", "cc", "ws", "top",
        "club", "live", "pro", "vip",
    ]

    /// Whether `text` holds a link: a scheme (`http://`, `https://`), `www.`, or a name followed by `.` and
    /// one of ``domains`` and then not an ASCII letter or digit (`bit.ly/x`, `shop.example.kr`,
    /// `naver.com에서`).
    static func containsLink(_ text: String) -> Bool {
        let lower = text.lowercased()
        if lower.contains("http://") || lower.contains("https://") || lower.contains("www.") { return true }
        let scalars = Array(lower.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where scalar == "." && index > 0 && isWordScalar(scalars[index - 1])
        {
            var end = index + 1
            while end < scalars.count, scalars[end].properties.isAlphabetic, scalars[end].isASCII { end += 1 }
            // What follows may be a Korean particle (naver.com에서), not more of an ASCII name.
            guard end > index + 1, end == scalars.count || !(scalars[end].isASCII && isWordScalar(scalars[end])) else {
                continue
            }
            if domains.contains(String(String.UnicodeScalarView(scalars[(index + 1)..<end]))) { return true }
        }
        return false
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "-" || scalar == "_"
    }

    // MARK: - Words

    /// The first of `words` that `text` holds, compared in lower case. A word of ASCII letters and digits
    /// matches only as a whole word ("scam" is not in "scampi"); any other (Korean, say, where particles
    /// attach to the word: 사기꾼, 사기를) matches anywhere.
    static func blockedWord(in text: String, words: [String]) -> String? {
        guard !words.isEmpty else { return nil }
        let lower = text.lowercased()
        for word in words where !word.isEmpty {
            let word = word.lowercased()
            guard word.unicodeScalars.allSatisfy({ $0.isASCII }) else {
                if lower.contains(word) { return word }
                continue
            }
            var searchFrom = lower.startIndex
            while let range = lower.range(of: word, range: searchFrom..<lower.endIndex) {
                let before = range.lowerBound == lower.startIndex ? nil : lower[lower.index(before: range.lowerBound)]
                let after = range.upperBound == lower.endIndex ? nil : lower[range.upperBound]
                if !(before?.isLetter ?? false || before?.isNumber ?? false)
                    && !(after?.isLetter ?? false || after?.isNumber ?? false)
                {
                    return word
                }
                searchFrom = lower.index(after: range.lowerBound)
            }
        }
        return nil
    }

    /// `words` as a room keeps them, if they are words: at most 200, each 1–40 characters with no white
    /// space or control characters; folded to lower case, duplicates dropped, in the order given.
    static func checkedWords(_ words: [String]) -> [String]? {
        guard words.count <= 200 else { return nil }
        var seen: Set<String> = []
        var kept: [String] = []
        for word in words {
            let word = word.lowercased()
            guard (1...40).contains(word.count),
                !word.unicodeScalars.contains(where: {
                    $0.properties.isWhitespace || $0.properties.generalCategory == .control
                })
            else { return nil }
            if seen.insert(word).inserted { kept.append(word) }
        }
        return kept
    }
}
