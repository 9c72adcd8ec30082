/// Terminal cells: Hangul and other East Asian wide characters take two cells, combining marks none, so
/// columns of Korean names line up only if text is measured and padded by cells, not characters.
public enum DisplayWidth {
    /// The cells `scalar` takes.
    public static func cells(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if (0x0300...0x036F).contains(value) || (0x1160...0x11FF).contains(value) || value == 0x200B { return 0 }
        if (0x1100...0x115F).contains(value) || (0x2E80...0x303E).contains(value) || (0x3041...0x33FF).contains(value)
            || (0x3400...0x4DBF).contains(value) || (0x4E00...0x9FFF).contains(value)
            || (0xA960...0xA97F).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value)
            || (0xFF00...0xFF60).contains(value) || (0xFFE0...0xFFE6).contains(value)
            || (0x1F300...0x1F64F).contains(value) || (0x20000...0x3FFFD).contains(value)
        {
            return 2
        }
        return 1
    }

    /// The cells `text` takes (ANSI escape sequences count as none).
    public static func cells(_ text: String) -> Int {
        var total = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" {
                inEscape = true
                continue
            }
            total += cells(scalar)
        }
        return total
    }

    /// `text` without its ANSI escape sequences.
    public static func plain(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// `text` as it is if it fits in `width` cells; else without its colours, cut to `width` (a screen too
    /// narrow for a line loses the line's colours, never its layout).
    public static func clip(_ text: String, _ width: Int) -> String {
        cells(text) <= width ? text : fit(plain(text), width)
    }

    /// `text` (no escape sequences) cut to at most `width` cells (ending in `…` when cut) and padded with
    /// spaces to exactly `width`, on the right or, with `alignRight`, on the left.
    public static func fit(_ text: String, _ width: Int, alignRight: Bool = false) -> String {
        guard width > 0 else { return "" }
        var used = 0
        var kept = String.UnicodeScalarView()
        let total = cells(text)
        let limit = total > width ? width - 1 : width
        for scalar in text.unicodeScalars {
            let size = cells(scalar)
            if used + size > limit { break }
            kept.append(scalar)
            used += size
        }
        var result = String(kept)
        if total > width {
            result += "…"
            used += 1
        }
        let padding = String(repeating: " ", count: max(0, width - used))
        return alignRight ? padding + result : result + padding
    }
}
