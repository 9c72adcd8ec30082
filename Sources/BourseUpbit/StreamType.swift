/// `stream_type`: whether a WebSocket message answers the subscription or reports a change.
public enum StreamType: String, Sendable, Hashable {
    /// The current state, sent once when a subscription starts.
    case snapshot = "SNAPSHOT"
    /// A change, sent as it happens.
    case realtime = "REALTIME"
}
