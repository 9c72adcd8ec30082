/// What a market can be found by, prepared once per market so that filtering a board is a few substring
/// checks per row.
///
/// A query matches when it is found (ignoring case) in the market code (`KRW-BTC`), the English name, or
/// the Korean name; when it is made of consonants only (`ㅂㅌ`), in the Korean name's initial consonants;
/// and, typed on an English keyboard layout (`qlxm`) or half-composed (`빝`), in the keys that type the
/// Korean name.
public struct MarketSearchKey: Hashable, Sendable {
    let code: String
    let english: String
    let korean: String
    let initials: String
    let keystrokes: String

    /// The search key of a market named `koreanName` and `englishName`.
    public init(code: String, koreanName: String, englishName: String) {
        self.code = code.lowercased()
        english = englishName.lowercased()
        korean = koreanName
        initials = Hangul.initialConsonants(of: koreanName)
        keystrokes = Hangul.keystrokes(of: koreanName.filter { !$0.isWhitespace })
    }

    /// `true` if `query` (as ``MarketSearchQuery`` prepared it) finds this market.
    public func matches(_ query: MarketSearchQuery) -> Bool {
        guard !query.isEmpty else { return true }
        if query.isInitials { return initials.contains(query.text) || korean.contains(query.text) }
        if code.contains(query.lowered) || english.contains(query.lowered) || korean.contains(query.text) {
            return true
        }
        return !query.keystrokes.isEmpty && keystrokes.contains(query.keystrokes)
    }
}

/// A search as typed, prepared once for matching against many ``MarketSearchKey``s.
public struct MarketSearchQuery: Hashable, Sendable {
    /// The query, trimmed.
    public let text: String
    let lowered: String
    let isInitials: Bool
    let keystrokes: String

    /// Prepares `text` (surrounding spaces are ignored).
    public init(_ text: String) {
        let start = text.drop(while: \.isWhitespace)
        self.text = start.lastIndex(where: { !$0.isWhitespace }).map { String(start[...$0]) } ?? ""
        lowered = self.text.lowercased()
        isInitials = Hangul.isInitialConsonantQuery(self.text)
        let letters = self.text.filter { !$0.isWhitespace }
        // Latin letters as typed with the Korean layout off, or Hangul mid-composition: both as keys.
        keystrokes =
            letters.allSatisfy({ $0.isASCII && $0.isLetter }) || Hangul.containsHangul(letters)
            ? Hangul.keystrokes(of: letters) : ""
    }

    /// `true` for an empty query, which finds every market.
    public var isEmpty: Bool { text.isEmpty }
}
