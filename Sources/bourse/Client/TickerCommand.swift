import ArgumentParser
import BourseClient
import BourseCommandSupport
import BourseTUI
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `bourse ticker KRW-BTC`: one compact line per market for status bars and scripts, live or once.
struct TickerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ticker",
        abstract: "Print a market's price, change and 24 h traded value on one line.",
        discussion: """
            With --once it asks the REST API and exits; otherwise it follows the WebSocket and rewrites the \
            line on a terminal (prints one line per update when the output is a pipe), reconnecting as \
            needed, until interrupted. Rises are red and falls blue, as Korean screens show them.
            """
    )

    @Argument(help: "Markets, such as KRW-BTC.")
    var markets: [String]

    @OptionGroup var connection: ServerOptions

    @Flag(help: "Print the current line(s) and exit.")
    var once = false

    @Option(help: "Colours: auto (on a terminal), always or never.")
    var color: ColourMode = .auto

    enum ColourMode: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never
    }

    func validate() throws {
        for market in markets where !market.contains("-") {
            throw ValidationError("\(market) is not a market code (write it like KRW-BTC)")
        }
    }

    func run() async throws {
        let address = try connection.address()
        let codes = markets.map { $0.uppercased() }
        let isTerminal = isatty(STDOUT_FILENO) == 1
        let colour = color == .always || (color == .auto && isTerminal)
        if once {
            let tickers: [TickerUpdate]
            do {
                tickers = try await address.withQuotation { try await $0.tickers(codes: codes) }
            } catch {
                Progress.line(
                    "bourse ticker: could not read the tickers from \(address.rest.absoluteString): \(FailureText.of(error))"
                )
                throw ExitCode.failure
            }
            for ticker in tickers { Self.emit(TickerLine.render(ticker, colour: colour) + "\n") }
            return
        }
        let stream = address.marketStream()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await stream.run() }
            group.addTask {
                var latest: [String: String] = [:]
                for await ticker in stream.tickers(codes) {
                    latest[ticker.code] = TickerLine.render(ticker, colour: colour)
                    let line = codes.compactMap { latest[$0] }.joined(separator: "  ")
                    // On a terminal the line is rewritten in place; a pipe gets one line per update.
                    let text = isTerminal ? "\r\u{1B}[K" + line : line + "\n"
                    Self.emit(text)
                }
            }
            group.addTask { try await StreamStates.report(stream, command: "ticker", before: "\n") }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Writes to standard output; a closed pipe (`bourse ticker … | head -1`) ends the program quietly.
    static func emit(_ text: String) {
        if !StandardOutput.write(text) { Foundation.exit(0) }
    }
}
