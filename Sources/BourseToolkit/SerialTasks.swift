/// Runs async jobs one at a time, in the order they were handed in, each to its end before the next starts.
///
/// An actor alone does not do this: a job that awaits (a store write) lets the next call into the actor
/// at that await. Here each job waits for the one before it, so jobs that write and then publish (chat
/// messages numbered by the store) publish in the order they were numbered.
public actor SerialTasks {
    private var last: Task<Void, Never>?

    /// None run yet.
    public init() {}

    /// Runs `job` after every job handed in before it; returns what it returned, or throws what it threw.
    public func run<Value: Sendable>(_ job: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let before = last
        let task = Task<Value, any Error> {
            await before?.value
            return try await job()
        }
        last = Task { _ = try? await task.value }
        return try await task.value
    }
}
