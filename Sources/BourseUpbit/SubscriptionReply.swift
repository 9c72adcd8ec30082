import BourseWire

/// The frames the server sends back about subscriptions: the LIST_SUBSCRIPTIONS reply and error frames.
public enum SubscriptionReply {
    /// `{"method":"LIST_SUBSCRIPTIONS","result":[{"type":"ticker","codes":["KRW-BTC"]},…],"ticket":"…"}`.
    ///
    /// Subscriptions are grouped by type (and, for order books, by level) in order of first appearance.
    /// Order-book entries carry `"level"` (0 for the native tick) and their codes carry the `.N` suffix when
    /// the depth is not the default 30, so the reply can be sent back as a request unchanged. With
    /// `abbreviated` (SIMPLE formats) the keys are `mthd`, `rslt`, `ty`, `cds`, `lv` and `tckt`.
    public static func listReply(ticket: String, subscriptions: [StreamSubscription], abbreviated: Bool) -> [UInt8] {
        let style: KeyStyle = abbreviated ? .abbreviated : .full
        var groups: [(kind: StreamKind, level: String?, codes: [String])] = []
        for subscription in subscriptions {
            let code = subscription.requestCode
            if let index = groups.firstIndex(where: { $0.kind == subscription.kind && $0.level == subscription.level })
            {
                groups[index].codes.append(code)
            } else {
                groups.append((subscription.kind, subscription.level, [code]))
            }
        }
        var writer = JSONWriter(capacity: 64 + 16 * subscriptions.count + ticket.utf8.count)
        writer.beginObject()
        writer.key("method", "mthd", style)
        writer.string("LIST_SUBSCRIPTIONS")
        writer.key("result", "rslt", style)
        writer.beginArray()
        for group in groups {
            writer.beginObject()
            writer.key("type", "ty", style)
            writer.string(group.kind.typeName)
            writer.key("codes", "cds", style)
            writer.beginArray()
            for code in group.codes {
                writer.string(code)
            }
            writer.endArray()
            if group.kind == .orderBook {
                writer.key("level", "lv", style)
                // Canonical decimal text (see `StreamSubscription.level`), so it is a valid JSON number.
                writer.raw(Array((group.level ?? "0").utf8))
            }
            writer.endObject()
        }
        writer.endArray()
        writer.key("ticket", "tckt", style)
        writer.string(ticket)
        writer.endObject()
        return writer.bytes
    }

    /// `{"error":{"name":"NO_TICKET","message":"…"}}`, the same in every format.
    public static func errorFrame(_ error: SubscriptionError) -> [UInt8] {
        QuotationJSON.error(name: error.name, message: error.message)
    }
}
