/// Chat's moderation rules as pure functions (issue #19), so each is tested on its own: what a member's
/// sanctions and a room's rules refuse, what counts as a link, which words match, how long slow mode makes
/// one wait. The server reads the records and the clock; these decide.
public enum ChatRules {
    /// Why a message is refused, before anything is stored.
    public enum Refusal: Equatable, Sendable {
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

    /// The first rule but slow mode that refuses `text` from a member with `sanctions` at `now`, under
    /// `rules` (the room's) and `house` (every room's words); nil if the message may go. `moderates`: the
    /// room's moderator (the seller of an item's public thread, an admin), who may post links. Bans come
    /// before mutes, before the text's own checks, so a sanctioned member learns that first; slow mode is
    /// ``slowModeWait(lastPostedAt:rules:moderates:at:)``, decided under the server's lock.
    public static func refusal(
        of text: String, moderates: Bool, sanctions: [ChatSanction], rules: ChatRoomRules?, house: ChatRoomRules?,
        at now: Timestamp
    ) -> Refusal? {
        let active = sanctions.filter { $0.isActive(at: now) }
        if let ban = longest(active.filter { $0.kind == .ban }) { return .banned(until: ban.until) }
        if let mute = longest(active.filter { $0.kind == .mute }) { return .muted(until: mute.until) }
        if !moderates, let rules, !rules.linksAllowed, containsLink(text) { return .link }
        if let word = blockedWord(in: text, words: (house?.blockedWords ?? []) + (rules?.blockedWords ?? [])) {
            return .blockedWord(word)
        }
        return nil
    }

    /// Slow mode's refusal of a member who last posted in the room at `lastPostedAt` (nil: not since the
    /// server started), at `now`; the room's moderators are never slowed.
    public static func slowModeWait(
        lastPostedAt: Int64?, rules: ChatRoomRules?, moderates: Bool, at now: Timestamp
    ) -> Refusal? {
        guard !moderates, let rules, rules.slowModeSeconds > 0, let last = lastPostedAt else { return nil }
        let wait = last + Int64(rules.slowModeSeconds) * 1_000 - now.milliseconds
        return wait > 0 ? .slowMode(waitMilliseconds: wait) : nil
    }

    /// The sanction that lasts longest (one for good before any with an end).
    public static func longest(_ sanctions: [ChatSanction]) -> ChatSanction? {
        sanctions.max { ($0.until?.milliseconds ?? .max) < ($1.until?.milliseconds ?? .max) }
    }

    // MARK: - Text as the rules read it

    /// `text` as the rules compare it: without the invisible characters that split a word for the eye only
    /// (zero-width spaces and joiners, soft hyphens), full-width ASCII (`ｎａｖｅｒ．ｃｏｍ`, which Korean input
    /// methods type easily) as ASCII, and ASCII in lower case.
    public static func folded(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
            if scalar.properties.isDefaultIgnorableCodePoint { return nil }
            var value = scalar.value
            if (0xFF01...0xFF5E).contains(value) { value -= 0xFEE0 }
            if value == 0x3002 || value == 0xFF61 { value = 0x2E }  // ideographic full stops
            if (0x41...0x5A).contains(value) { value += 0x20 }
            return Unicode.Scalar(value)
        }
    }

    // MARK: - Links

    /// Top-level domains that make `name.tld` a link even without a scheme or `www.`: the common generic
    /// ones and those scams favour. A list, not a pattern, so `e.g.`, `3.5` or `Mr.Kim` is not a link; short
    /// English words (`to`, `me`, `us`) and `.kim` (a common Korean surname) are left out because a missing
    /// space after a full stop (`thanks.Me too`, `Mr.Kim`) is commoner than such links.
    public static let domains: Set<String> = [
        "com", "net", "org", "io", "co", "ly", "app", "dev", "xyz", "info", "biz", "shop", "site", "link", "online",
        "store", "gg", "tv", "uk", "kr", "jp", "cn", "ru", "de", "fr", "cc", "ws", "top", "club", "vip", "tk", "ml",
        "ga", "cf", "gq", "icu", "sbs", "cfd", "click", "work", "ai",
    ]

    /// Whether `text` holds a link: a scheme (`http://`, `https://`), `www.` starting a word, or a name,
    /// `.` and one of ``domains`` not followed by more ASCII letters or digits (`bit.ly/x`,
    /// `shop.example.kr`, `naver.com에서`: a Korean particle may follow).
    public static func containsLink(_ text: String) -> Bool {
        let scalars = folded(text)
        let string = String(String.UnicodeScalarView(scalars))
        if string.contains("http://") || string.contains("https://") { return true }
        for index in scalars.indices where scalars[index] == "." && index > 0 {
            let before = scalars[..<index].reversed().prefix { isASCIIWord($0) }
            if String(String.UnicodeScalarView(before)) == "www", index - 3 == 0 || !isASCIIWord(scalars[index - 4]),
                index + 1 < scalars.count, isASCIIWord(scalars[index + 1])
            {
                return true
            }
            guard isWordScalar(scalars[index - 1]) else { continue }
            var end = index + 1
            while end < scalars.count, scalars[end].isASCII, scalars[end].properties.isAlphabetic { end += 1 }
            guard end > index + 1, end == scalars.count || !isASCIIWord(scalars[end]) else { continue }
            if domains.contains(String(String.UnicodeScalarView(scalars[(index + 1)..<end]))) { return true }
        }
        return false
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "-" || scalar == "_"
    }

    private static func isASCIIWord(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
    }

    // MARK: - Words

    /// The first of `words` that `text` holds, compared as ``folded(_:)`` reads them. A word of ASCII
    /// letters and digits matches only with no ASCII letter or digit beside it (`scam` is not in `scampi`,
    /// but is in `scam이에요`, where a Korean particle follows); any other word (Korean, where particles
    /// attach to the word: 사기꾼, 사기를) matches anywhere. Plurals are other words (`scams`).
    public static func blockedWord(in text: String, words: [String]) -> String? {
        guard !words.isEmpty else { return nil }
        let scalars = folded(text)
        for word in words where !word.isEmpty {
            let pattern = folded(word)
            guard pattern.count <= scalars.count else { continue }
            let whole = pattern.allSatisfy { $0.isASCII }
            for start in 0...(scalars.count - pattern.count)
            where scalars[start..<(start + pattern.count)].elementsEqual(pattern) {
                let end = start + pattern.count
                if !whole
                    || ((start == 0 || !isASCIIWord(scalars[start - 1]))
                        && (end == scalars.count || !isASCIIWord(scalars[end])))
                {
                    return word
                }
            }
        }
        return nil
    }

    /// `words` as a room keeps them, if they are words: at most 200, each 1–40 characters with no white
    /// space, control or invisible characters; folded as ``folded(_:)`` does, duplicates dropped, in the
    /// order given.
    public static func checkedWords(_ words: [String]) -> [String]? {
        guard words.count <= 200 else { return nil }
        var kept: [String] = []
        for word in words {
            guard (1...40).contains(word.count),
                !word.unicodeScalars.contains(where: {
                    $0.properties.isWhitespace || $0.properties.generalCategory == .control
                        || $0.properties.isDefaultIgnorableCodePoint
                })
            else { return nil }
            let folded = String(String.UnicodeScalarView(folded(word)))
            if !kept.contains(folded) { kept.append(folded) }
        }
        return kept
    }
}
