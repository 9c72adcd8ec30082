import BourseCore
import BourseUpbit
import BourseWire
import Foundation

/// `GET /v1/status/wallet`: deposit and withdrawal status per currency and network (reference §3.2), for
/// the apps' "deposit/withdraw status" screens.
///
/// The rows are the simulated chains of ``ChainNetwork/catalog``, whose block heights advance with the
/// clock at each chain's block interval.
enum WalletStatusTable {
    /// 2026-01-01T00:00:00Z, when the heights of ``ChainNetwork/catalog`` were taken.
    static let referenceTime: Int64 = 1_767_225_600

    /// The table at `now`.
    static func json(at now: Timestamp) -> [UInt8] {
        let seconds = now.milliseconds / 1_000
        var writer = JSONWriter(capacity: 2_048)
        writer.beginArray()
        for row in ChainNetwork.catalog {
            writer.beginObject()
            writer.key("currency")
            writer.string(row.currency)
            writer.key("wallet_state")
            writer.string(row.walletState)
            writer.key("block_state")
            if let block = row.blockState { writer.string(block) } else { writer.null() }
            if let (height, interval) = row.height {
                let seenAt = seconds - row.lagMinutes * 60
                let current = height + max(seenAt - referenceTime, 0) / interval
                let blockTime = referenceTime + (current - height) * interval
                writer.key("block_height")
                writer.integer(current)
                writer.key("block_updated_at")
                writer.string(Self.iso(blockTime))
                writer.key("block_elapsed_minutes")
                writer.integer(max(seconds - blockTime, 0) / 60)
            } else {
                writer.key("block_height")
                writer.null()
                writer.key("block_updated_at")
                writer.null()
                writer.key("block_elapsed_minutes")
                writer.null()
            }
            writer.key("net_type")
            writer.string(row.netType)
            writer.key("network_name")
            writer.string(row.name)
            writer.endObject()
        }
        writer.endArray()
        return writer.bytes
    }

    private static func iso(_ seconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
