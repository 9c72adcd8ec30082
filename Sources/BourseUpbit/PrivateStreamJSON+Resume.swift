import BourseWire

/// The answer to a numbered `/websocket/v1/private` request (``PrivateResume``).
extension PrivateStreamJSON {
    /// How one topic named in a resume was answered.
    public enum ResumeStatus: String, Sendable {
        /// Nothing was missed.
        case current
        /// What was missed follows, in order, before anything new.
        case replayed
        /// What was missed is no longer kept (too much, or too long ago), or the request does not subscribe
        /// to the topic it names: read the state over REST (`/v1/orders/open`, `/v1/orders/closed`,
        /// `/v1/accounts`); numbers go on from `seq`.
        case missed
        /// The numbers belong to another epoch (the server restarted, or stopped keeping the account's
        /// numbering after it was away long): forget them, read the state over REST, and count from here.
        case reset
    }

    /// One topic's line of the answer.
    public struct Resumed: Sendable {
        /// The topic.
        public var topic: PrivateResume.Topic
        /// How it was answered.
        public var status: ResumeStatus
        /// The number the client named.
        public var since: UInt64
        /// The topic's latest number now.
        public var sequence: UInt64
        /// How many messages are replayed after this answer.
        public var replayed: Int

        /// A line.
        public init(
            topic: PrivateResume.Topic, status: ResumeStatus, since: UInt64, sequence: UInt64, replayed: Int
        ) {
            (self.topic, self.status, self.since, self.sequence, self.replayed) =
                (topic, status, since, sequence, replayed)
        }
    }

    /// `{"type":"resume","epoch":…,"resumed":[{"topic","code","status","since","seq","replayed"},…]}`: sent
    /// first on every numbered request (the epoch the numbers belong to), listing each topic it named, and
    /// with the right epoch each topic it wants that has numbers (resumed from 0); the replayed messages
    /// follow it. The same keys in every format.
    public static func resume(epoch: String, _ topics: [Resumed]) -> [UInt8] {
        var writer = JSONWriter(capacity: 64 + 112 * topics.count)
        writer.beginObject()
        writer.key("type")
        writer.string("resume")
        writer.key("epoch")
        writer.string(epoch)
        writer.key("resumed")
        writer.beginArray()
        for line in topics {
            writer.beginObject()
            writer.key("topic")
            writer.string(line.topic.typeName)
            writer.key("code")
            if let market = line.topic.market { writer.string(market) } else { writer.null() }
            writer.key("status")
            writer.string(line.status.rawValue)
            writer.key("since")
            writer.integer(Int64(clamping: line.since))
            writer.key("seq")
            writer.integer(Int64(clamping: line.sequence))
            writer.key("replayed")
            writer.integer(Int64(line.replayed))
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }
}
