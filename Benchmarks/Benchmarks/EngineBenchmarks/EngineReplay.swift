import BourseCore
import BourseWorkloads

/// An exchange replaying an ``EngineFlow`` a batch at a time, with a reused event buffer.
///
/// A class because every benchmark iteration continues where the last one stopped. The benchmark
/// runner calls it from one thread at a time, which is what makes the unchecked `Sendable` sound.
final class EngineReplay: @unchecked Sendable {
    private let flow: EngineFlow
    private var exchange: Exchange
    private var events: [Event] = []
    private var next = 0

    /// A replay positioned at the start of the stream, after the flow's setup.
    init(flow: EngineFlow) {
        self.flow = flow
        exchange = flow.preparedExchange()
        events.reserveCapacity(256)
    }

    /// Applies the next `count` commands of the stream.
    func apply(_ count: Int) {
        precondition(next + count <= flow.commands.count, "the flow is shorter than the benchmark's iterations")
        for command in flow.commands[next..<next + count] {
            events.removeAll(keepingCapacity: true)
            exchange.handle(command, at: flow.time, into: &events)
        }
        next += count
    }
}
