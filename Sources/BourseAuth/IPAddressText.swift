/// Compares client addresses as text, the way proxies and socket layers spell them.
public enum IPAddressText {
    /// A comparable spelling of an address: trimmed, lower-cased, without IPv6 brackets, a zone
    /// (`%eth0`), or the IPv4-mapped prefix `::ffff:`.
    ///
    /// It does not expand or compress IPv6 zero runs, so allow-list entries should be written the way
    /// the server reports addresses (compressed, as `inet_ntop` prints them).
    public static func canonical(_ address: String) -> String {
        var text = address.trimmingSpaces().lowercased()
        if text.hasPrefix("["), text.hasSuffix("]") {
            text = String(text.dropFirst().dropLast())
        }
        if let zone = text.firstIndex(of: "%") {
            text = String(text[..<zone])
        }
        let mapped = "::ffff:"
        if text.hasPrefix(mapped), text.dropFirst(mapped.count).contains(".") {
            text = String(text.dropFirst(mapped.count))
        }
        return text
    }
}
