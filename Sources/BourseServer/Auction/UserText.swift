/// What text people write for others to read (chat messages, listing titles, categories and descriptions)
/// may not hold: control characters, which break lines and lists where they should not (and a terminal's
/// bell), and Unicode's direction overrides, embeddings and isolates (U+202A–202E, U+2066–2069), which can
/// make text read as something else (a price or a title turned around). One rule for every such field, so a
/// title cannot carry what chat refuses.
enum UserText {
    /// Why `text` may not be shown as it is, if it may not: the sentence names it as `what`
    /// ("A message", "title"). Line breaks (`\n`) pass when `lineBreaks` is true.
    static func problem(in text: String, _ what: String, lineBreaks: Bool) -> String? {
        if text.unicodeScalars.contains(where: {
            $0.properties.generalCategory == .control && !(lineBreaks && $0 == "\n")
        }) {
            return lineBreaks
                ? "\(what) may hold line breaks but no other control characters."
                : "\(what) may not hold line breaks or other control characters."
        }
        if text.unicodeScalars.contains(where: {
            (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
        }) {
            return "\(what) may not hold Unicode direction overrides or isolates."
        }
        return nil
    }
}
