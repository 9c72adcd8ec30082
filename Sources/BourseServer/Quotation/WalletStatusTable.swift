import BourseCore
import BourseWire
import Foundation

/// `GET /v1/status/wallet`: deposit and withdrawal status per currency and network (reference §3.2), for
/// the apps' "deposit/withdraw status" screens.
///
/// The demo has no blockchains, so the table is a fixed, realistic mix of states whose block heights
/// advance with the clock at each chain's block interval.
enum WalletStatusTable {
    struct Row {
        var currency: String
        var state: String
        var block: String?
        /// The chain's height at ``referenceTime`` and its block interval in seconds; nil: not tracked.
        var height: (Int64, Int64)?
        /// How long ago the node last saw a block, in minutes (a delayed chain lags).
        var lagMinutes: Int64
        var netType: String
        var networkName: String
    }

    /// 2026-01-01T00:00:00Z, when the heights below were taken.
    static let referenceTime: Int64 = 1_767_225_600

    static let rows: [Row] = [
        Row(
            currency: "BTC", state: "working", block: "normal", height: (927_600, 600), lagMinutes: 0,
            netType: "BTC", networkName: "Bitcoin"),
        Row(
            currency: "ETH", state: "working", block: "normal", height: (24_130_000, 12), lagMinutes: 0,
            netType: "ETH", networkName: "Ethereum"),
        Row(
            currency: "XRP", state: "working", block: "normal", height: (101_200_000, 4), lagMinutes: 0,
            netType: "XRP", networkName: "Ripple"),
        Row(
            currency: "SOL", state: "withdraw_only", block: "delayed", height: (385_000_000, 1), lagMinutes: 47,
            netType: "SOL", networkName: "Solana"),
        Row(
            currency: "DOGE", state: "deposit_only", block: "normal", height: (6_010_000, 60), lagMinutes: 0,
            netType: "DOGE", networkName: "Dogecoin"),
        Row(
            currency: "USDT", state: "working", block: "normal", height: (24_130_000, 12), lagMinutes: 0,
            netType: "ETH", networkName: "Ethereum"),
        Row(
            currency: "USDT", state: "paused", block: "inactive", height: (78_500_000, 3), lagMinutes: 312,
            netType: "TRX", networkName: "Tron"),
        Row(
            currency: "LUNC", state: "unsupported", block: nil, height: nil, lagMinutes: 0, netType: "LUNC",
            networkName: "Terra Classic"),
    ]

    /// The table at `now`.
    static func json(at now: Timestamp) -> [UInt8] {
        let seconds = now.milliseconds / 1_000
        var writer = JSONWriter(capacity: 2_048)
        writer.beginArray()
        for row in rows {
            writer.beginObject()
            writer.key("currency")
            writer.string(row.currency)
            writer.key("wallet_state")
            writer.string(row.state)
            writer.key("block_state")
            if let block = row.block { writer.string(block) } else { writer.null() }
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
            writer.string(row.networkName)
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
