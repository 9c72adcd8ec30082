import BourseCore
import BourseUpbit
import Foundation
import NIOCore

/// One account's numbered private messages (ADR 0017): the latest number of each topic, and the newest
/// messages, so that a connection that comes back gets what it missed once, in order, before anything new.
///
/// A tape exists only for an account that asked for numbers (``PrivateFeed`` makes it at the first numbered
/// request, and drops it once no numbered connection of the account has been open for
/// ``PrivateFeed/tapeRetention``). It keeps what a message is made from, not its bytes, so a replay is
/// encoded in the format of the connection that asks. It lives in memory: a restart starts a new epoch.
struct PrivateTape {
    /// What a message reports.
    enum Message {
        case order(OrderRecord, PrivateStreamJSON.OrderUpdate, time: Timestamp)
        case assets([Balance], uuid: String, time: Timestamp)
        case alert(PrivateFeed.AlertMessage)

        /// The message's body with `keys`.
        func body(keys: KeyStyle) -> [UInt8] {
            switch self {
            case .order(let record, let update, let time):
                PrivateStreamJSON.myOrder(record, update, time: time, keys: keys)
            case .assets(let balances, let uuid, let time):
                PrivateStreamJSON.myAsset(balances, assetUUID: uuid, time: time, keys: keys)
            case .alert(let alert): alert.body(keys: keys)
            }
        }
    }

    /// A numbered message.
    struct Entry {
        var topic: PrivateResume.Topic
        var sequence: UInt64
        var message: Message
    }

    /// The most messages kept (all topics together): about 300 KB at most per account.
    static let capacity = 1_000

    /// The name of this numbering: a resume naming another gets `reset`.
    let epoch: String
    /// The latest number of each topic.
    private(set) var latest: [PrivateResume.Topic: UInt64] = [:]
    /// The highest number of each topic no longer kept.
    private var dropped: [PrivateResume.Topic: UInt64] = [:]
    private var entries = CircularBuffer<Entry>(initialCapacity: 16)
    /// The account's numbered connections open now, and since when it has none.
    var numberedConnections = 0
    var idleSince: Timestamp?

    init(epoch: String = UUID().uuidString.lowercased()) {
        self.epoch = epoch
    }

    /// Numbers `message` of `topic` and keeps it; returns its number.
    mutating func append(_ message: Message, topic: PrivateResume.Topic) -> UInt64 {
        let sequence = (latest[topic] ?? 0) + 1
        latest[topic] = sequence
        if entries.count == Self.capacity {
            let gone = entries.removeFirst()
            dropped[gone.topic] = gone.sequence
        }
        entries.append(Entry(topic: topic, sequence: sequence, message: message))
        return sequence
    }

    /// The answer to `resume` and the messages to replay after it, oldest first: for each topic it names,
    /// those after its number that `wants` still passes (the connection's subscription).
    ///
    /// A resume of this epoch also gets, from the start, the topics it wants and does not name: the client
    /// was connected in this epoch and has no number for them, so all of them came while it was away (a
    /// bot's first fill in a market, or on a connection that had seen nothing yet).
    func resume(
        _ resume: PrivateResume, wants: (PrivateResume.Topic) -> Bool
    ) -> (answer: [PrivateStreamJSON.Resumed], replay: [Entry]) {
        var since = resume.since
        if resume.epoch == epoch {
            for topic in latest.keys where since[topic] == nil && wants(topic) { since[topic] = 0 }
        }
        let resume = PrivateResume(epoch: resume.epoch, since: since)
        let topics = since.keys.sorted { "\($0)" < "\($1)" }
        guard resume.epoch == epoch else {
            let answer = topics.map { topic in
                PrivateStreamJSON.Resumed(
                    topic: topic, status: .reset, since: resume.since[topic] ?? 0, sequence: latest[topic] ?? 0,
                    replayed: 0)
            }
            return (answer, [])
        }
        var replayed: [PrivateResume.Topic: UInt64] = [:]
        var answer: [PrivateStreamJSON.Resumed] = []
        for topic in topics {
            let since = resume.since[topic] ?? 0
            let now = latest[topic] ?? 0
            let status: PrivateStreamJSON.ResumeStatus
            if since > now {
                status = .reset
            } else if since == now {
                status = .current
            } else if since < dropped[topic] ?? 0 || !wants(topic) {
                status = .missed
            } else {
                status = .replayed
                replayed[topic] = since
            }
            answer.append(.init(topic: topic, status: status, since: since, sequence: now, replayed: 0))
        }
        let replay = Array(entries.filter { entry in replayed[entry.topic].map { entry.sequence > $0 } ?? false })
        for index in answer.indices where answer[index].status == .replayed {
            answer[index].replayed = replay.count { $0.topic == answer[index].topic }
        }
        return (answer, replay)
    }
}
