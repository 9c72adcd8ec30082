import BourseCore
import BourseWorkloads
import Foundation

/// The engine benchmark's order flow as fixed records, for a peer engine to replay the same commands
/// (`bourse bench engine --export-flow`, read by `Benchmarks/peers/liquibook/driver.cpp`).
///
/// After an 8-byte magic `BFLOW001` and three little-endian `UInt64` counts (setup, warm-up, timed), each
/// command is 40 bytes: `kind` and `side` as `UInt32`, then `id`, `newID`, `price` and `quantity` as
/// `UInt64`. Kinds: 1 a resting limit order, 2 an immediate-or-cancel limit, 3 a cancel of `id`, 4 a
/// cancel-and-replace of `id` by `newID` at `price` (`quantity` 0: what remains). Side 0 is a bid, 1 an ask.
/// Prices and quantities are the engine's fixed-point units (10⁻⁸), so a peer keeps them as integers.
/// The setup's deposits are left out: the peer has no ledger.
enum EngineFlowExport {
    static func write(_ flow: EngineFlow, warmup: Int, to path: String) throws {
        let setup = flow.setup.compactMap(record)
        let stream = flow.commands.compactMap(record)
        var bytes: [UInt8] = Array("BFLOW001".utf8)
        bytes.reserveCapacity(32 + 40 * (setup.count + stream.count))
        func append(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        func append(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        append(UInt64(setup.count))
        append(UInt64(min(warmup, stream.count)))
        append(UInt64(stream.count - min(warmup, stream.count)))
        for record in setup + stream {
            append(record.kind)
            append(record.side)
            append(record.id)
            append(record.newID)
            append(record.price)
            append(record.quantity)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    private struct Record {
        var kind: UInt32
        var side: UInt32
        var id: UInt64
        var newID: UInt64 = 0
        var price: UInt64
        var quantity: UInt64
    }

    /// The command as a record; nil for what a book without a ledger has no use for (deposits).
    private static func record(_ command: Command) -> Record? {
        switch command {
        case .place(let request):
            guard let price = request.price, let volume = request.volume else { return nil }
            return Record(
                kind: request.timeInForce == .ioc ? 2 : 1, side: request.side == .bid ? 0 : 1,
                id: request.id.rawValue, price: UInt64(price.units), quantity: UInt64(volume.units))
        case .cancel(.id(let id), _):
            return Record(kind: 3, side: 0, id: id.rawValue, price: 0, quantity: 0)
        case .cancelAndReplace(.id(let id), _, let replacement):
            var quantity: UInt64 = 0
            if case .volume(let volume) = replacement.volume { quantity = UInt64(volume.units) }
            return Record(
                kind: 4, side: 0, id: id.rawValue, newID: replacement.id.rawValue,
                price: UInt64(replacement.price?.units ?? 0), quantity: quantity)
        default:
            return nil
        }
    }
}
