import BourseCore
import BourseStore
import BourseWire

extension ChatJSON {
    /// A sanction's `scope` (`item:{id}` or `house`), `user`, `kind`, `until` (epoch milliseconds or null),
    /// `reason`.
    static func fields(of sanction: ChatSanction, user: String, into writer: inout JSONWriter) {
        writer.key("scope")
        writer.string(sanction.scope == 0 ? "house" : "item:\(sanction.scope)")
        writer.key("user")
        writer.string(user)
        writer.key("kind")
        writer.string(sanction.kind.rawValue)
        writer.key("until")
        if let until = sanction.until { writer.integer(until.milliseconds) } else { writer.null() }
        writer.key("reason")
        writer.string(sanction.reason)
    }

    /// A room's `room`, `slow_mode_seconds`, `links_allowed`, `blocked_words`.
    static func fields(of rules: ChatRoomRules, into writer: inout JSONWriter) {
        writer.key("room")
        writer.string(rules.room)
        writer.key("slow_mode_seconds")
        writer.integer(Int64(rules.slowModeSeconds))
        writer.key("links_allowed")
        writer.bool(rules.linksAllowed)
        writer.key("blocked_words")
        writer.beginArray()
        for word in rules.blockedWords { writer.string(word) }
        writer.endArray()
    }

    /// A report's `report_id`, `message_id`, `room`, `reporter` (for admins only), `reason`, `comment`, `at`.
    static func fields(of report: ChatReport, reporter: String?, into writer: inout JSONWriter) {
        writer.key("report_id")
        writer.integer(Int64(report.id))
        writer.key("message_id")
        writer.integer(Int64(report.messageID))
        writer.key("room")
        writer.string(report.room)
        if let reporter {
            writer.key("reporter")
            writer.string(reporter)
        }
        writer.key("reason")
        writer.string(report.reason)
        writer.key("comment")
        writer.string(report.comment)
        writer.key("at")
        writer.integer(report.reportedAt.milliseconds)
    }

    /// The room's `chat.deleted` event of a deleted message: `room`, `message_id`, `seq`.
    static func deletion(_ message: StoredChatMessage) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("type")
        writer.string("chat.deleted")
        deletionFields(of: message, into: &writer)
        writer.endObject()
        return writer.bytes
    }

    /// A deleted message's `room`, `message_id` and `seq`.
    static func deletionFields(of message: StoredChatMessage, into writer: inout JSONWriter) {
        writer.key("room")
        writer.string(message.room)
        writer.key("message_id")
        writer.integer(Int64(message.id))
        writer.key("seq")
        writer.integer(Int64(message.sequence))
    }
}
