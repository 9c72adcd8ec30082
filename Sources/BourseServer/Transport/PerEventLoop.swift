import NIOCore
import Synchronization

/// One `Value` per event loop, made on first use and kept for the process's life (loops are few and
/// long-lived): what the per-loop schedulers (``StreamWriterScheduler``, ``LoopHandOff``) are looked up in.
final class PerEventLoop<Value: Sendable>: Sendable {
    private let values = Mutex<[ObjectIdentifier: Value]>([:])

    /// The value of `eventLoop`, made by `make` the first time.
    func value(of eventLoop: any EventLoop, make: (any EventLoop) -> Value) -> Value {
        values.withLock { values in
            if let found = values[ObjectIdentifier(eventLoop)] { return found }
            let made = make(eventLoop)
            values[ObjectIdentifier(eventLoop)] = made
            return made
        }
    }
}
