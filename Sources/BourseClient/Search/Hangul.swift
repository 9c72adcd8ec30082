/// Hangul as a search needs it: the initial consonants (초성) of a name, and the keys a name is typed
/// with on the standard Korean keyboard (두벌식), so that `ㅂㅌ` and `qlxm` both find 비트코인.
///
/// Precomposed syllables (U+AC00–U+D7A3) are split arithmetically into initial, medial and final; the
/// compatibility jamo (U+3131–U+3163) that an input method shows while a syllable is being composed are
/// mapped to their keys too, so a half-typed query such as `빝` (on its way to 비트) still matches.
public enum Hangul {
    /// The 19 initial consonants, in Unicode's syllable order.
    static let initials: [Unicode.Scalar] = [
        "ㄱ", "ㄲ", "ㄴ", "ㄷ", "ㄸ", "ㄹ", "ㅁ", "ㅂ", "ㅃ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅉ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ",
    ]
    static let initialKeys = [
        "r", "R", "s", "e", "E", "f", "a", "q", "Q", "t", "T", "d", "w", "W", "c", "z", "x", "v", "g",
    ]
    static let medialKeys = [
        "k", "o", "i", "O", "j", "p", "u", "P", "h", "hk", "ho", "hl", "y", "n", "nj", "np", "nl", "b", "m", "ml", "l",
    ]
    static let finalKeys = [
        "", "r", "R", "rt", "s", "sw", "sg", "e", "f", "fr", "fa", "fq", "ft", "fx", "fv", "fg", "a", "q", "qt", "t",
        "T", "d", "w", "c", "z", "x", "v", "g",
    ]
    /// Keys of the compatibility jamo U+3131 (ㄱ) … U+3163 (ㅣ), in code point order.
    static let compatibilityKeys = [
        "r", "R", "rt", "s", "sw", "sg", "e", "E", "f", "fr", "fa", "fq", "ft", "fx", "fv", "fg", "a", "q", "Q", "qt",
        "t", "T", "d", "w", "W", "c", "z", "x", "v", "g",
        "k", "o", "i", "O", "j", "p", "u", "P", "h", "hk", "ho", "hl", "y", "n", "nj", "np", "nl", "b", "m", "ml", "l",
    ]

    static let syllables: ClosedRange<UInt32> = 0xAC00...0xD7A3
    static let compatibilityJamo: ClosedRange<UInt32> = 0x3131...0x3163
    static let compatibilityConsonants: ClosedRange<UInt32> = 0x3131...0x314E

    /// The initial consonant of each syllable of `text` (`비트코인` → `ㅂㅌㅋㅇ`); other characters are kept.
    public static func initialConsonants(of text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if syllables.contains(scalar.value) {
                result.append(initials[Int((scalar.value - syllables.lowerBound) / 588)])
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// The keys that type `text` on a 두벌식 keyboard, lowercased (`비트코인` → `qlxmzhdls`); characters that
    /// are not Hangul are kept, lowercased.
    public static func keystrokes(of text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if syllables.contains(value) {
                let index = Int(value - syllables.lowerBound)
                result += initialKeys[index / 588]
                result += medialKeys[(index % 588) / 28]
                result += finalKeys[index % 28]
            } else if compatibilityJamo.contains(value) {
                result += compatibilityKeys[Int(value - compatibilityJamo.lowerBound)]
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result.lowercased()
    }

    /// `true` if `text` is made only of consonant jamo (`ㅂㅌ`): a 초성 query.
    public static func isInitialConsonantQuery(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { compatibilityConsonants.contains($0.value) }
    }

    /// `true` if `text` has a Hangul syllable or jamo in it.
    public static func containsHangul(_ text: String) -> Bool {
        text.unicodeScalars.contains { syllables.contains($0.value) || compatibilityJamo.contains($0.value) }
    }
}
