import BourseCore
public import BourseUpbit
import Synchronization

/// One WebSocket client of `/websocket/v1`: what it subscribed to and the frames waiting to be written.
///
/// Publishers ``enqueue(_:urgent:)`` encoded frames from any thread. The first frame after a drain calls
/// the writer's wake function once, and the first urgent one once more (see ``onFrames(_:)``); the writer
/// then takes everything queued with ``takeFrames()``, so a burst of messages leaves in one batch. The
/// queue is bounded by bytes: a client that cannot keep up is closed with a reason instead of slowing
/// anyone else.
public final class StreamConnection: Sendable {
    /// Why a connection was closed by the server.
    public enum CloseReason: Hashable, Sendable {
        /// It fell further behind than ``StreamOptions/maximumQueuedBytes``.
        case tooSlow
        /// No data in either direction for longer than the idle timeout.
        case idle
        /// The server is shutting down.
        case shutdown
        /// The sign-in session it read with ended (signed out).
        case sessionEnded
        /// The API key it read with ended (revoked or expired).
        case keyEnded
    }

    struct State {
        var format: StreamFormat = .default
        var subscriptions: [StreamSubscription] = []
        var frames: [StreamFrame] = []
        var queuedBytes = 0
        /// Tells the writer that frames are waiting (`true`: one answers this client's request); nil until a
        /// writer is attached.
        var wake: (@Sendable (_ urgent: Bool) -> Void)?
        /// A wake was sent and the writer has not taken the frames yet.
        var wakePending = false
        /// An urgent wake was sent and the writer has not taken the frames yet.
        var urgentPending = false
        /// Called once when the server closes the connection or the client leaves (``whenEnded(_:)``).
        var endListener: (@Sendable (CloseReason?) -> Void)?
        var closed: CloseReason?
        var finished = false
        var lastActivity: Timestamp
        /// Frames accepted so far (the idle timeout counts outbound traffic too).
        var sentCount = 0
        /// The second (epoch seconds) whose request messages ``messagesThisSecond`` counts.
        var messageSecond: Int64 = 0
        var messagesThisSecond = 0
    }

    /// A number unique among the hub's connections.
    public let id: Int
    let maximumQueuedBytes: Int
    let state: Mutex<State>
    /// Counts this object while it lives (the feed's ``MarketFeed/liveConnectionObjects``).
    private let census: ObjectCensus?

    init(id: Int, maximumQueuedBytes: Int, now: Timestamp, census: ObjectCensus? = nil) {
        self.id = id
        self.maximumQueuedBytes = maximumQueuedBytes
        state = Mutex(State(lastActivity: now))
        self.census = census
        census?.born()
    }

    deinit { census?.died() }

    /// The connection's wire format.
    public var format: StreamFormat { state.withLock { $0.format } }

    /// Queues one frame; returns `false` (and closes the connection as too slow) when the queue is full.
    ///
    /// An `urgent` frame answers a request of this client (a bid's acknowledgement): its writer is drained
    /// ahead of the connections waiting for a broadcast (``StreamWriterScheduler``), so thousands of
    /// followers' frames do not stand between a client and its answer.
    @discardableResult
    public func enqueue(_ frame: StreamFrame, urgent: Bool = false) -> Bool {
        let (accepted, wake, ended) = state.withLock {
            state -> (Bool, (@Sendable (Bool) -> Void)?, (@Sendable (CloseReason?) -> Void)?) in
            guard state.closed == nil, !state.finished else { return (false, nil, nil) }
            if state.queuedBytes + frame.count > maximumQueuedBytes {
                state.closed = .tooSlow
                state.frames.removeAll()
                state.queuedBytes = 0
                defer { state.endListener = nil }
                return (false, nil, state.endListener)
            }
            state.frames.append(frame)
            state.queuedBytes += frame.count
            state.sentCount &+= 1
            guard let wake = state.wake else { return (true, nil, nil) }
            if urgent {
                guard !state.urgentPending else { return (true, nil, nil) }
                state.urgentPending = true
                state.wakePending = true
                return (true, wake, nil)
            }
            guard !state.wakePending else { return (true, nil, nil) }
            state.wakePending = true
            return (true, wake, nil)
        }
        wake?(urgent)
        ended?(.tooSlow)
        return accepted
    }

    /// Attaches the writer: `wake` is called (from any thread) whenever frames arrive after the writer last
    /// took them, including now if some are already waiting.
    func onFrames(_ wake: @escaping @Sendable (_ urgent: Bool) -> Void) {
        let now = state.withLock { state -> Bool in
            state.wake = wake
            guard !state.frames.isEmpty, !state.wakePending else { return false }
            state.wakePending = true
            return true
        }
        if now { wake(false) }
    }

    /// Detaches the writer. The writer holds this connection and the wake function holds the writer, so
    /// until this is called (or the connection finishes) neither can be freed.
    func detachWriter() {
        state.withLock { state in
            state.wake = nil
            state.wakePending = false
            state.urgentPending = false
        }
    }

    /// Everything queued, oldest first (nothing once the connection is closed); the next frame wakes the
    /// writer again.
    func takeFrames() -> [StreamFrame] {
        state.withLock { state in
            state.wakePending = false
            state.urgentPending = false
            guard state.closed == nil, !state.finished, !state.frames.isEmpty else { return [] }
            defer {
                state.frames.removeAll(keepingCapacity: true)
                state.queuedBytes = 0
            }
            return state.frames
        }
    }

    /// Whether the connection still takes frames: neither closed by the server nor left by the client.
    var isOpen: Bool { state.withLock { $0.closed == nil && !$0.finished } }

    /// Closes the connection for `reason`; frames still queued are dropped.
    public func close(_ reason: CloseReason) {
        let ended = state.withLock { state -> (@Sendable (CloseReason?) -> Void)? in
            // Once the client left there is nothing to close (and no close frame to send).
            guard state.closed == nil, !state.finished else { return nil }
            state.closed = reason
            defer { state.endListener = nil }
            return state.endListener
        }
        ended?(reason)
    }

    /// Ends the connection quietly: the client went away.
    func finish() {
        let ended = state.withLock { state -> (@Sendable (CloseReason?) -> Void)? in
            state.finished = true
            // Nothing is written after this, and the wake function is what keeps the writer alive.
            state.wake = nil
            state.frames.removeAll()
            state.queuedBytes = 0
            defer { state.endListener = nil }
            return state.endListener
        }
        ended?(nil)
    }

    /// Counts one request message at `time`; false when it is over `perSecond` in the current second
    /// (`perSecond` 0: no limit).
    func admitMessage(at time: Timestamp, perSecond: Int) -> Bool {
        guard perSecond > 0 else { return true }
        let second = time.milliseconds / 1_000
        return state.withLock { state in
            if state.messageSecond != second {
                state.messageSecond = second
                state.messagesThisSecond = 0
            }
            state.messagesThisSecond += 1
            return state.messagesThisSecond <= perSecond
        }
    }

    /// Notes traffic (for the idle timeout).
    func touch(at time: Timestamp) {
        state.withLock { $0.lastActivity = max($0.lastActivity, time) }
    }

    /// Why the server closed the connection; nil while it has not (or the client left first).
    var closedReason: CloseReason? { state.withLock { $0.closed } }

    /// Calls `listener` once, with the server's reason when it closes the connection or nil when the client
    /// leaves (now, if that happened already). One listener: the connection's own reader (``StreamRoutes``),
    /// so an idle connection holds no task just to learn it was closed.
    func whenEnded(_ listener: @escaping @Sendable (CloseReason?) -> Void) {
        let ended = state.withLock { state -> CloseReason?? in
            if state.closed != nil || state.finished { return .some(state.closed) }
            assert(state.endListener == nil, "a connection has one end listener: its reader's")
            state.endListener = listener
            return .none
        }
        if let ended { listener(ended) }
    }
}
