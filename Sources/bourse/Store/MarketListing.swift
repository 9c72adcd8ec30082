import BourseCore
import BourseDemo

/// The markets every command of this executable lists: what `bourse serve` serves (with or without the
/// demo) and what `journal check`, `ingest` and `deposit` recover a data directory with.
///
/// One value, passed to the server as configuration: the server itself knows no market list. It is the
/// demo's, so data directories made by earlier versions keep their markets.
enum MarketListing {
    /// The listed markets, in the order `/v1/market/all` shows them.
    static var markets: [Market] { DemoService.markets }
}
