import Foundation

/// Long synchronous work on a thread of its own, awaited from async code.
///
/// Swift's cooperative pool has one thread per core (two on the machine Bourse is measured on). Work that
/// does not suspend (a randomized test's hundred thousand commands, a blocking socket read) holds a pool
/// thread for its whole run, and every task waiting for the pool waits with it: in the test suite, live
/// servers' requests timed out after 20 s that way. A thread of its own is scheduled by the kernel beside
/// the pool, so the rest keeps moving, only slower.
public enum OwnThread {
    /// Runs `body` on a new thread; returns what it returned, or throws what it threw.
    public static func run<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    /// Runs `body`, which cannot fail, on a new thread; returns what it returned.
    public static func run<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }
}
