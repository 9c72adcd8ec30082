import BourseCore

/// The first thing that went wrong in a ``DifferentialRun``: where, and the events on both sides.
struct DifferentialFailure: Error, CustomStringConvertible {
    /// The run's seed.
    var seed: UInt64
    /// The 0-based index of the command after which the problem showed.
    var index: Int
    /// The command.
    var command: Command
    /// What the engine returned for it.
    var engineEvents: [Event]
    /// What the model returned for it.
    var modelEvents: [Event]
    /// What is wrong.
    var problem: String

    var description: String {
        var text = "seed \(seed), command #\(index): \(EventFormatter.describe(command))\n\(problem)"
        if engineEvents != modelEvents {
            let first =
                zip(engineEvents, modelEvents).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(engineEvents.count, modelEvents.count)
            text += "\nfirst difference at event \(first)"
            text += "\n  engine:\n" + Self.lines(engineEvents, marking: first)
            text += "\n  model:\n" + Self.lines(modelEvents, marking: first)
        }
        text += "\nreplay: `DifferentialRun(seed: \(seed)).run(commands: \(index + 1))`"
        return text
    }

    private static func lines(_ events: [Event], marking index: Int) -> String {
        events.enumerated().map {
            "  \($0.offset == index ? ">" : " ") \($0.offset): \(EventFormatter.describe($0.element))"
        }
        .joined(separator: "\n")
    }
}
