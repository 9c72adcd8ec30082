import BourseCore
import BourseStore
import BourseWire

/// Notifications' JSON: an inbox entry's fields and the socket's `notification` events (their words are
/// ``NotificationWords``).
enum NotificationJSON {
    /// `notification_id`, `kind`, `item` (or null), `room` (or null), `text` (English), `text_ko` (Korean,
    /// or null for an entry stored before), `at` (epoch milliseconds), `read`. Not `id`: on the socket that
    /// names the request a frame answers (as `message_id` does for chat).
    static func fields(of notification: StoredNotification, into writer: inout JSONWriter) {
        writer.key("notification_id")
        writer.integer(Int64(notification.id))
        writer.key("kind")
        writer.string(notification.kind)
        writer.key("item")
        if let item = notification.item { writer.integer(Int64(item.rawValue)) } else { writer.null() }
        writer.key("room")
        if let room = notification.room { writer.string(room) } else { writer.null() }
        writer.key("text")
        writer.string(notification.text)
        writer.key("text_ko")
        if let korean = notification.koreanText { writer.string(korean) } else { writer.null() }
        writer.key("at")
        writer.integer(notification.at.milliseconds)
        writer.key("read")
        writer.bool(notification.read)
    }

    /// `{"type":"notification",…,"unread":n}`: pushed to its owner's sockets when it is stored.
    static func event(_ notification: StoredNotification, unread: Int) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("type")
        writer.string("notification")
        fields(of: notification, into: &writer)
        writer.key("unread")
        writer.integer(Int64(unread))
        writer.endObject()
        return writer.bytes
    }

    /// `{"type":"notifications.read","unread":n}`: pushed to a user's sockets when they mark some read, so
    /// every device's badge agrees.
    static func readEvent(unread: Int) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("type")
        writer.string("notifications.read")
        writer.key("unread")
        writer.integer(Int64(unread))
        writer.endObject()
        return writer.bytes
    }

    /// `{"type":"notifications.resumed","since":…,"replayed":n,"complete":bool,"unread":n,"last":id}`: after an
    /// inbox resume's entries. `complete` false means more were missed than were sent (read the list);
    /// `last` is the newest entry's id, where the next resume starts.
    static func resumedEvent(since: UInt64?, replayed: Int, complete: Bool, unread: Int?, last: UInt64) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("type")
        writer.string("notifications.resumed")
        writer.key("since")
        if let since { writer.integer(Int64(clamping: since)) } else { writer.null() }
        writer.key("replayed")
        writer.integer(Int64(replayed))
        writer.key("complete")
        writer.bool(complete)
        writer.key("unread")
        if let unread { writer.integer(Int64(unread)) } else { writer.null() }
        writer.key("last")
        writer.integer(Int64(clamping: last))
        writer.endObject()
        return writer.bytes
    }
}
