import BourseCore
public import BourseWire
public import NIOCore
import Synchronization

/// One WebSocket client of `/websocket/v1`: what it subscribed to and the frames waiting to be written.
///
/// Publishers ``enqueue(_:)`` encoded frames from any thread; the connection's own writer task takes
/// them in batches with ``nextFrames()``, so many frames leave in one burst of writes. The queue is bounded
/// by bytes: a client that cannot keep up is closed with a reason instead of slowing anyone else.
public final class StreamConnection: Sendable {
    /// Why a connection was closed by the server.
    public enum CloseReason: Hashable, Sendable {
        /// It fell further behind than ``StreamOptions/maximumQueuedBytes``.
        case tooSlow
        /// No data in either direction for longer than the idle timeout.
        case idle
        /// The server is shutting down.
        case shutdown
    }

    struct State {
        var format: StreamFormat = .default
        var subscriptions: [StreamSubscription] = []
        var frames: [ByteBuffer] = []
        var queuedBytes = 0
        var waiter: CheckedContinuation<Void, Never>?
        var closed: CloseReason?
        var finished = false
        var lastActivity: Timestamp
        /// Frames accepted so far (the idle timeout counts outbound traffic too).
        var sentCount = 0
    }

    /// A number unique among the hub's connections.
    public let id: Int
    let maximumQueuedBytes: Int
    let state: Mutex<State>

    init(id: Int, maximumQueuedBytes: Int, now: Timestamp) {
        self.id = id
        self.maximumQueuedBytes = maximumQueuedBytes
        state = Mutex(State(lastActivity: now))
    }

    /// The connection's wire format.
    public var format: StreamFormat { state.withLock { $0.format } }

    /// Queues one frame; returns `false` (and closes the connection as too slow) when the queue is full.
    @discardableResult
    public func enqueue(_ frame: ByteBuffer) -> Bool {
        let (accepted, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Void, Never>?) in
            guard state.closed == nil, !state.finished else { return (false, nil) }
            if state.queuedBytes + frame.readableBytes > maximumQueuedBytes {
                state.closed = .tooSlow
                state.frames.removeAll()
                state.queuedBytes = 0
            } else {
                state.frames.append(frame)
                state.queuedBytes += frame.readableBytes
                state.sentCount &+= 1
            }
            defer { state.waiter = nil }
            return (state.closed == nil, state.waiter)
        }
        waiter?.resume()
        return accepted
    }

    /// Closes the connection for `reason` (its writer ends after the frames already queued are dropped).
    public func close(_ reason: CloseReason) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.closed == nil { state.closed = reason }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Ends the connection quietly: the client went away.
    func finish() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.finished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Notes traffic (for the idle timeout).
    func touch(at time: Timestamp) {
        state.withLock { $0.lastActivity = max($0.lastActivity, time) }
    }

    /// The next frames to write, oldest first, or why the server closes the connection (`nil` frames and
    /// `nil` reason: the client went away).
    public func nextFrames() async -> (frames: [ByteBuffer], close: CloseReason?) {
        while true {
            let taken = state.withLock { state -> (frames: [ByteBuffer], close: CloseReason?)? in
                if let closed = state.closed { return ([], closed) }
                if state.finished { return ([], nil) }
                guard !state.frames.isEmpty else { return nil }
                defer {
                    state.frames.removeAll(keepingCapacity: true)
                    state.queuedBytes = 0
                }
                return (state.frames, nil)
            }
            if let taken { return taken }
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state in
                    if state.closed != nil || state.finished || !state.frames.isEmpty { return true }
                    state.waiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        }
    }
}
