/// Upbit's market warnings: the legacy "investment warning" flag and the 2024 caution flags
/// (`market_event` in `market/all?is_details=true`).
public struct MarketWarning: Hashable, Codable, Sendable {
    /// The caution reasons Upbit publishes; the raw values are the wire keys.
    public enum Caution: String, Hashable, Codable, Sendable, CaseIterable {
        /// Sharp price moves.
        case priceFluctuations = "PRICE_FLUCTUATIONS"
        /// Trading volume soaring.
        case tradingVolumeSoaring = "TRADING_VOLUME_SOARING"
        /// Deposits soaring.
        case depositAmountSoaring = "DEPOSIT_AMOUNT_SOARING"
        /// Large difference from global prices.
        case globalPriceDifferences = "GLOBAL_PRICE_DIFFERENCES"
        /// Trading concentrated in a few small accounts.
        case concentrationOfSmallAccounts = "CONCENTRATION_OF_SMALL_ACCOUNTS"
    }

    /// The "investment warning" (유의 종목) flag; legacy `market_warning` is `CAUTION` when set.
    public var warning: Bool
    /// The caution flags that are raised.
    public var cautions: Set<Caution>

    /// A warning state; by default nothing is raised.
    public init(warning: Bool = false, cautions: Set<Caution> = []) {
        self.warning = warning
        self.cautions = cautions
    }

    /// No warning and no caution.
    public static let none = MarketWarning()
}
