public import BourseCore
import BourseWire

/// Bourse's opt-in resume for `/websocket/v1/private` (issue #19, ADR 0017): a request element
/// `{"resume":{}}` numbers the connection's messages (`seq`; `sq` in the SIMPLE formats), and
/// `{"resume":{"epoch":"…","myOrder":{"KRW-BTC":12},"myAsset":4,"myAlert":1}}` also asks for what came after
/// those numbers while the client was away. A client that never sends it gets Upbit's messages byte for byte.
///
/// The numbers are the account's, per topic: `myOrder` counts each market's messages, `myAsset` and `myAlert`
/// the account's. They belong to an epoch (a name the server gives the account's numbering when it starts
/// keeping it, said in every `resume` answer): numbers of another epoch mean nothing to the server, which then
/// says `reset`.
public struct PrivateResume: Sendable, Hashable {
    /// One numbered topic of an account.
    public enum Topic: Sendable, Hashable {
        /// `myOrder` of one market.
        case orders(MarketCode)
        /// `myAsset`.
        case assets
        /// `myAlert`.
        case alerts

        /// The type name on the wire.
        public var typeName: String {
            switch self {
            case .orders: "myOrder"
            case .assets: "myAsset"
            case .alerts: "myAlert"
            }
        }

        /// The market of a `myOrder` topic.
        public var market: MarketCode? {
            if case .orders(let market) = self { return market }
            return nil
        }
    }

    /// The epoch the client's numbers belong to; nil when it has none yet (its first connection).
    public var epoch: String?
    /// The last number the client saw, per topic.
    public var since: [Topic: UInt64]

    /// Numbers on every message, and `since` resumed (of `epoch`).
    public init(epoch: String? = nil, since: [Topic: UInt64] = [:]) {
        self.epoch = epoch
        self.since = since
    }

    /// The most topics one resume may name (a market per `myOrder` topic).
    public static let maximumTopics = 300

    /// Parses the `resume` member's value.
    init(parsing value: JSONValue) throws(SubscriptionError) {
        guard let members = value.members else {
            throw .wrongFormat(
                "resume must be an object, e.g. {\"resume\":{}} or {\"resume\":{\"epoch\":\"…\",\"myOrder\":{\"KRW-BTC\":12}}}."
            )
        }
        var epoch: String?
        var since: [Topic: UInt64] = [:]
        for member in members {
            switch member.key {
            case "epoch":
                guard let text = member.value.stringValue, !text.isEmpty, text.utf8.count <= 64 else {
                    throw .invalidParameter("resume.epoch must be the epoch the server named (a short string).")
                }
                epoch = text
            case "myOrder":
                guard let codes = member.value.members else {
                    throw .wrongFormat("resume.myOrder must be an object of codes to the last seq seen.")
                }
                for entry in codes {
                    guard let market = MarketCode(entry.key.uppercased()) else {
                        throw .invalidParameter("resume.myOrder names \"\(entry.key)\", which is not a market code.")
                    }
                    since[.orders(market)] = try Self.number(entry.value, "resume.myOrder.\(entry.key)")
                }
            case "myAsset": since[.assets] = try Self.number(member.value, "resume.myAsset")
            case "myAlert": since[.alerts] = try Self.number(member.value, "resume.myAlert")
            default:
                throw .invalidParameter(
                    "resume names \"\(member.key)\"; it takes epoch, myOrder ({code: seq}), myAsset and myAlert.")
            }
            guard since.count <= Self.maximumTopics else {
                throw .invalidParameter("resume names more than \(Self.maximumTopics) topics.")
            }
        }
        if !since.isEmpty, epoch == nil {
            throw .invalidParameter("resume names numbers without the epoch they belong to (resume.epoch).")
        }
        self.epoch = epoch
        self.since = since
    }

    private static func number(_ value: JSONValue, _ path: String) throws(SubscriptionError) -> UInt64 {
        guard let text = value.numberText, let number = UInt64(text) else {
            throw .invalidParameter("\(path) must be a whole number from 0.")
        }
        return number
    }
}
