/// The line both auction screens end with above their keys: the connection, who is signed in, and the
/// pending action or the last result (a server's refusal by its contract name, with its message).
enum AuctionStatusLine {
    static func render(_ state: AuctionsState, width: Int, colour: Bool) -> String {
        var parts: [String] = []
        switch state.connection {
        case .connecting: parts.append("◌ connecting")
        case .live: parts.append("● live")
        case .unreachable(let reason): parts.append("✕ " + reason)
        }
        parts.append(state.user.map { "signed in as \($0)" } ?? "read-only")
        if let unread = state.inbox.unread, unread > 0 { parts.append("✉ \(unread) unread (i)") }
        var tail = ""
        var warns = false
        if let pending = state.pending {
            tail = pending
        } else {
            switch state.notice {
            case .info(let text): tail = text
            case .refused(let name, let message):
                tail = "⚠ \(name): \(message)"
                warns = true
            case .problem(let text):
                tail = "⚠ " + text
                warns = true
            case nil: break
            }
        }
        if !tail.isEmpty { parts.append(tail) }
        let line = DisplayWidth.fit(" " + parts.joined(separator: " · "), width)
        guard colour, warns, let start = line.range(of: "⚠")?.lowerBound else { return line }
        // Only the warning is painted; the padding after it stays plain.
        let end = line.lastIndex { $0 != " " }.map { line.index(after: $0) } ?? line.endIndex
        return String(line[..<start]) + ANSI.red + String(line[start..<end]) + ANSI.reset + String(line[end...])
    }
}
