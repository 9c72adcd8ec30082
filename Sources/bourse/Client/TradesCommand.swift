import ArgumentParser
import BourseClient
import BourseCommandSupport
import Foundation

/// `bourse trades KRW-BTC`: the markets' trades as they happen, one line each, for scripts and a terminal
/// tape. Through the SDK's `MarketStream`, which resumes after every reconnect (a restarted server
/// included), so every trade is printed once, in order.
struct TradesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trades",
        abstract: "Print each trade of the given markets as it happens, once, in order, across reconnects.",
        discussion: """
            One line per trade: the time (KST), the market, BUY or SELL (the taker's side), price, volume and \
            the trade's sequential_id; --json prints one JSON object per line instead. Reconnects are said on \
            standard error; after one, the trades missed meanwhile are printed first (the server replays \
            them), unless the client was away too long, which is said too. Runs until interrupted.
            """
    )

    @Argument(help: "Markets, such as KRW-BTC.")
    var markets: [String]

    @OptionGroup var connection: ServerOptions

    @Flag(help: "One JSON object per line: code, sequential_id, price, volume, side, time (epoch ms).")
    var json = false

    func validate() throws {
        for market in markets where !market.contains("-") {
            throw ValidationError("\(market) is not a market code (write it like KRW-BTC)")
        }
    }

    func run() async throws {
        let address = try connection.address()
        let codes = markets.map { $0.uppercased() }
        let stream = address.marketStream()
        let json = json
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await stream.run() }
            group.addTask {
                var gaps = 0
                for await trade in stream.trades(codes) {
                    // Said before the first trade after the gap (the server's resume answer comes before it).
                    if stream.resumeGaps > gaps {
                        gaps = stream.resumeGaps
                        Progress.line(
                            "bourse trades: away too long for the server to replay every trade missed; "
                                + "continuing from the latest (older ones: GET /v1/trades/ticks)")
                    }
                    TickerCommand.emit((json ? Self.json(trade) : Self.line(trade)) + "\n")
                }
            }
            group.addTask { try await StreamStates.report(stream, command: "trades") }
            try await group.next()
            group.cancelAll()
        }
    }

    /// `2026-11-27 14:03:05.123 KST  KRW-BTC  BUY   136,140,000  0.0123  17957…`.
    static func line(_ trade: TradeUpdate) -> String {
        let time = Date(timeIntervalSince1970: Double(trade.time) / 1_000)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "Asia/Seoul")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        let price = NumberFormatter.localizedString(from: NSNumber(value: trade.price), number: .decimal)
        return "\(formatter.string(from: time)) KST  \(trade.code)  \(trade.isSell ? "SELL" : "BUY ")  \(price)  "
            + "\(trade.volume)  \(trade.sequentialID)"
    }

    /// The trade as one JSON object.
    static func json(_ trade: TradeUpdate) -> String {
        #"{"code":"\#(trade.code)","sequential_id":\#(trade.sequentialID),"price":\#(trade.price),"#
            + #""volume":\#(trade.volume),"side":"\#(trade.isSell ? "ASK" : "BID")","time":\#(trade.time)}"#
    }
}
