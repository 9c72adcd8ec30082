extension String {
    /// Whether `needle` (lower-case ASCII) occurs in this text, ASCII letters compared without case: a
    /// header value's check, on bytes (Foundation's `contains` goes through `CFStringFind`, which showed in
    /// the order path's profile).
    public func containsASCIILowercased(_ needle: StaticString) -> Bool {
        needle.withUTF8Buffer { pattern in
            guard !pattern.isEmpty else { return true }
            return withBytes { text in
                guard text.count >= pattern.count else { return false }
                // A naive scan from each byte: values are short (a content type, a header).
                for start in 0...(text.count - pattern.count) {
                    var matched = 0
                    while matched < pattern.count, Self.lowered(text[start + matched]) == pattern[matched] {
                        matched += 1
                    }
                    if matched == pattern.count { return true }
                }
                return false
            }
        }
    }

    /// Whether this text equals `other` (lower-case ASCII), ASCII letters compared without case.
    public func equalsASCIILowercased(_ other: StaticString) -> Bool {
        other.withUTF8Buffer { pattern in
            withBytes { text in
                guard text.count == pattern.count else { return false }
                for index in 0..<text.count where Self.lowered(text[index]) != pattern[index] { return false }
                return true
            }
        }
    }

    /// `body` over the UTF-8 bytes, in place for a native string (a copy otherwise).
    private func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(utf8).withUnsafeBufferPointer(body)
    }

    private static func lowered(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
}
