public import BourseCore

/// Turns an ``ExchangeState`` into snapshot bytes and back, with the positional binary coder
/// (``SnapshotEncoder``): the state is restored exactly, free lists and all, so the exchange continues
/// as if it had never stopped.
public enum ExchangeSnapshot {
    /// The state's bytes.
    public static func encode(_ state: ExchangeState) throws -> [UInt8] {
        try SnapshotEncoder().encode(state)
    }

    /// The state in `bytes`; throws if they are damaged or from an unknown format version.
    public static func decode(_ bytes: [UInt8]) throws -> ExchangeState {
        try SnapshotDecoder().decode(ExchangeState.self, from: bytes)
    }
}
