// Market search, ported line for line from the SDK (Sources/BourseClient/Search/Hangul.swift and
// MarketSearchKey.swift) so that the board finds the same markets in a browser as in the apps; both are
// checked against the same cases in Tests/Vectors/market-search.json.
//
// A query matches when it is found (ignoring case) in the market code, the English name or the Korean
// name; when it is made of consonants only (ㅂㅌ), in the Korean name's initial consonants (초성); and,
// typed on an English keyboard layout (qlxm) or half-composed (빝), in the keys of the Korean name on
// the standard two-set (두벌식) keyboard.

// The 19 initial consonants, in Unicode's syllable order, and their keys.
const INITIALS = [...'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ'];
const INITIAL_KEYS = ['r', 'R', 's', 'e', 'E', 'f', 'a', 'q', 'Q', 't', 'T', 'd', 'w', 'W', 'c', 'z', 'x', 'v', 'g'];
const MEDIAL_KEYS = [
  'k', 'o', 'i', 'O', 'j', 'p', 'u', 'P', 'h', 'hk', 'ho', 'hl', 'y', 'n', 'nj', 'np', 'nl', 'b', 'm', 'ml', 'l',
];
const FINAL_KEYS = [
  '', 'r', 'R', 'rt', 's', 'sw', 'sg', 'e', 'f', 'fr', 'fa', 'fq', 'ft', 'fx', 'fv', 'fg', 'a', 'q', 'qt', 't',
  'T', 'd', 'w', 'c', 'z', 'x', 'v', 'g',
];
// Keys of the compatibility jamo U+3131 (ㄱ) … U+3163 (ㅣ), in code point order.
const COMPATIBILITY_KEYS = [
  'r', 'R', 'rt', 's', 'sw', 'sg', 'e', 'E', 'f', 'fr', 'fa', 'fq', 'ft', 'fx', 'fv', 'fg', 'a', 'q', 'Q', 'qt',
  't', 'T', 'd', 'w', 'W', 'c', 'z', 'x', 'v', 'g',
  'k', 'o', 'i', 'O', 'j', 'p', 'u', 'P', 'h', 'hk', 'ho', 'hl', 'y', 'n', 'nj', 'np', 'nl', 'b', 'm', 'ml', 'l',
];

const SYLLABLE_FIRST = 0xac00;
const SYLLABLE_LAST = 0xd7a3;
const JAMO_FIRST = 0x3131;
const JAMO_LAST = 0x3163;
const CONSONANT_LAST = 0x314e;

const isSyllable = (v) => v >= SYLLABLE_FIRST && v <= SYLLABLE_LAST;
const isJamo = (v) => v >= JAMO_FIRST && v <= JAMO_LAST;

// Swift's Character.isWhitespace is Unicode's White_Space property; JavaScript's \s adds U+FEFF.
const WHITESPACE = /\p{White_Space}/gu;
const LEADING = /^\p{White_Space}+/u;
const TRAILING = /\p{White_Space}+$/u;
const ASCII_LETTERS = /^[A-Za-z]*$/;

/** The initial consonant of each syllable of `text` (비트코인 → ㅂㅌㅋㅇ); other characters are kept. */
export function initialConsonants(text) {
  let result = '';
  for (const ch of text) {
    const v = ch.codePointAt(0);
    result += isSyllable(v) ? INITIALS[Math.floor((v - SYLLABLE_FIRST) / 588)] : ch;
  }
  return result;
}

/** The keys that type `text` on a 두벌식 keyboard, lowercased (비트코인 → qlxmzhdls); others are kept. */
export function keystrokes(text) {
  let result = '';
  for (const ch of text) {
    const v = ch.codePointAt(0);
    if (isSyllable(v)) {
      const index = v - SYLLABLE_FIRST;
      result += INITIAL_KEYS[Math.floor(index / 588)];
      result += MEDIAL_KEYS[Math.floor((index % 588) / 28)];
      result += FINAL_KEYS[index % 28];
    } else if (isJamo(v)) {
      result += COMPATIBILITY_KEYS[v - JAMO_FIRST];
    } else {
      result += ch;
    }
  }
  return result.toLowerCase();
}

/** `true` if `text` is made only of consonant jamo (ㅂㅌ): a 초성 query. */
export function isInitialConsonantQuery(text) {
  if (text.length === 0) return false;
  for (const ch of text) {
    const v = ch.codePointAt(0);
    if (v < JAMO_FIRST || v > CONSONANT_LAST) return false;
  }
  return true;
}

/** `true` if `text` has a Hangul syllable or jamo in it. */
export function containsHangul(text) {
  for (const ch of text) {
    const v = ch.codePointAt(0);
    if (isSyllable(v) || isJamo(v)) return true;
  }
  return false;
}

/** A search as typed, prepared once for matching against many MarketSearchKeys. */
export class MarketSearchQuery {
  constructor(text) {
    this.text = text.replace(LEADING, '').replace(TRAILING, '');
    this.lowered = this.text.toLowerCase();
    this.isInitials = isInitialConsonantQuery(this.text);
    const letters = this.text.replace(WHITESPACE, '');
    // Latin letters as typed with the Korean layout off, or Hangul mid-composition: both as keys.
    this.keystrokes = ASCII_LETTERS.test(letters) || containsHangul(letters) ? keystrokes(letters) : '';
  }

  /** An empty query finds every market. */
  get isEmpty() {
    return this.text.length === 0;
  }
}

/** What a market can be found by, prepared once per market. */
export class MarketSearchKey {
  constructor({ code, koreanName, englishName }) {
    this.code = code.toLowerCase();
    this.english = englishName.toLowerCase();
    this.korean = koreanName;
    this.initials = initialConsonants(koreanName);
    this.keystrokes = keystrokes(koreanName.replace(WHITESPACE, ''));
  }

  /** The search key of an Upbit market listing (`/v1/market/all`). */
  static of(market) {
    return new MarketSearchKey({
      code: market.market,
      koreanName: market.korean_name || '',
      englishName: market.english_name || '',
    });
  }

  /** `true` if `query` (a MarketSearchQuery) finds this market. */
  matches(query) {
    if (query.isEmpty) return true;
    if (query.isInitials) return this.initials.includes(query.text) || this.korean.includes(query.text);
    if (this.code.includes(query.lowered) || this.english.includes(query.lowered) || this.korean.includes(query.text)) {
      return true;
    }
    return query.keystrokes.length > 0 && this.keystrokes.includes(query.keystrokes);
  }
}
