public import BourseCore
import BourseWire

/// The messages of Bourse's resume extension (``StreamResume``).
extension StreamJSON {
    /// How a resumed topic was answered.
    public enum ResumeStatus: String, Sendable {
        /// Nothing was missed (a ticker, a book or a candle still gets its fresh `SNAPSHOT`).
        case current
        /// What was missed follows, in order, as `REALTIME` messages (trades).
        case replayed
        /// Too much was missed (or the topic is state: a ticker, a book, a candle): a fresh `SNAPSHOT` follows.
        case snapshot
        /// The number is ahead of the server's (another database, a reset server): a `SNAPSHOT` follows, and the
        /// client must forget the numbers it holds for the topic.
        case reset
    }

    /// `{"type":"resume","code":…,"topic":…,"status":…,"since":…,"seq":…,"replayed":n}`: sent before what a
    /// resumed topic gets, so the client knows whether it holds every message or must start over from a
    /// snapshot. The same keys in every format.
    public static func resume(
        _ kind: StreamKind, market: MarketCode, status: ResumeStatus, since: UInt64, sequence: UInt64, replayed: Int
    ) -> [UInt8] {
        var writer = JSONWriter(capacity: 160)
        writer.beginObject()
        writer.key("type")
        writer.string("resume")
        writer.key("code")
        writer.string(market)
        writer.key("topic")
        writer.string(kind.typeName)
        writer.key("status")
        writer.string(status.rawValue)
        writer.key("since")
        writer.integer(Int64(clamping: since))
        writer.key("seq")
        writer.integer(Int64(clamping: sequence))
        writer.key("replayed")
        writer.integer(Int64(replayed))
        writer.endObject()
        return writer.bytes
    }

    /// `body` (one message object) with the topic's number added as its last member: `"seq":n` (`"sq":n` with
    /// abbreviated keys). Only for connections that asked (``StreamResume``); the others get `body` as is.
    public static func sequenced(_ body: [UInt8], _ sequence: UInt64, keys: KeyStyle) -> [UInt8] {
        guard body.last == UInt8(ascii: "}") else { return body }
        var bytes = body
        bytes.removeLast()
        bytes.append(contentsOf: keys == .full ? Array(#","seq":"#.utf8) : Array(#","sq":"#.utf8))
        bytes.append(contentsOf: Array(String(sequence).utf8))
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }
}
