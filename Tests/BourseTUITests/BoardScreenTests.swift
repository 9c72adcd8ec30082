import BourseClient
import BourseTUI
import Foundation
import Testing

@Suite("Board screen: golden frames, keys, cell widths")
struct BoardScreenTests {
    static let markets = [
        BoardMarket(code: "KRW-BTC", koreanName: "비트코인", englishName: "Bitcoin"),
        BoardMarket(code: "KRW-ETH", koreanName: "이더리움", englishName: "Ethereum"),
        BoardMarket(code: "KRW-XRP", koreanName: "리플", englishName: "Ripple", hasWarning: true),
        BoardMarket(code: "BTC-ETH", koreanName: "이더리움", englishName: "Ethereum"),
    ]

    static func board() -> MarketBoard {
        var board = MarketBoard(markets: markets, settings: BoardSettings(sort: BoardSort(.tradedValue, .descending)))
        board.apply(
            TickerUpdate(
                code: "KRW-BTC", tradePrice: 135_879_000, signedChangeRate: -0.0139, signedChangePrice: -1_912_000,
                accTradePrice24h: 548e9, change: .fall))
        board.apply(
            TickerUpdate(
                code: "KRW-ETH", tradePrice: 6_800_000, signedChangeRate: 0.1746, signedChangePrice: 1_011_000,
                accTradePrice24h: 532.2e9, change: .rise))
        return board
    }

    @Test func goldenFrameAt100Columns() throws {
        var board = Self.board()
        let snapshot = board.snapshot()
        var state = BoardScreenState()
        state.connection = .connected
        state.reconnects = 2
        let frame = BoardScreen.render(
            rows: snapshot.rows, settings: snapshot.settings, state: state, width: 100, height: 8, colour: false)
        try Golden.check(frame, "board-100x8")
        #expect(frame.allSatisfy { DisplayWidth.cells($0) <= 100 })
    }

    @Test func goldenFrameNarrowWithSearchAndColour() throws {
        var board = Self.board()
        var state = BoardScreenState()
        for key in KeyDecoder().decodeAll("/ㅂㅌ") {
            state.handle(key, board: &board, rows: [], visibleRows: 4)
        }
        let snapshot = board.snapshot()
        let frame = BoardScreen.render(
            rows: snapshot.rows, settings: snapshot.settings, state: state, width: 50, height: 6, colour: true,
            flashes: ["KRW-BTC": .rise])
        #expect(frame[1].hasPrefix(" / ㅂㅌ▏"))
        #expect(frame[0].contains("\u{1B}[7m[KRW]\u{1B}[0m") && frame[0].hasSuffix("◌ connecting "))
        // Selected (reverse video), the price flashing on red, the change rate in blue (a fall).
        try Golden.check(frame, "board-50x6-colour-search")
        #expect(frame.count == 6)
    }

    @Test func theIndicatorShowsAServerRefusalAndIdleness() {
        var board = Self.board()
        let snapshot = board.snapshot()
        var state = BoardScreenState()
        state.connection = .refused(MarketStream.ServerError(name: "INVALID_PARAM", message: "Too many codes."))
        state.reconnects = 1
        let frame = BoardScreen.render(
            rows: snapshot.rows, settings: snapshot.settings, state: state, width: 100, height: 8, colour: false)
        #expect(frame[0].hasSuffix("⚠ server: INVALID_PARAM ↻1 "))
        #expect(frame[1].hasPrefix(" ⚠ the server refused the subscription: INVALID_PARAM Too many codes."))
        state.connection = .idle
        let idle = BoardScreen.render(
            rows: snapshot.rows, settings: snapshot.settings, state: state, width: 100, height: 8, colour: false)
        #expect(idle[0].hasSuffix("○ idle ") && idle[1].hasPrefix(" sort: 24h value ▼"))
        state.connection = .failed("wss:// needs the server's host name")
        let failed = BoardScreen.render(
            rows: snapshot.rows, settings: snapshot.settings, state: state, width: 100, height: 8, colour: false)
        #expect(failed[0].hasSuffix("✕ stream failed ") && failed[1].hasPrefix(" ✕ wss:// needs the server's"))
    }

    @Test func everySizeGivesAFullFrame() {
        var board = Self.board()
        let rows = board.snapshot().rows
        for height in 1...40 {
            for width in [1, 20, 21, 50, 79, 80, 99, 100, 160] {
                for colour in [false, true] {
                    let frame = BoardScreen.render(
                        rows: rows, settings: board.settings, state: BoardScreenState(), width: width, height: height,
                        colour: colour)
                    #expect(frame.count == max(height, 5), "\(width)x\(height)")
                    let wide = frame.filter { DisplayWidth.cells($0) > max(width, 20) }
                    #expect(wide.isEmpty, "\(width)x\(height): \(wide)")
                }
            }
        }
    }

    @Test func enterAsksToOpenTheSelectedMarketButNotWhileSearching() {
        var board = Self.board()
        var state = BoardScreenState()
        let rows = board.snapshot().rows
        state.handle(.down, board: &board, rows: rows, visibleRows: 5)
        state.handle(.enter, board: &board, rows: rows, visibleRows: 5)
        #expect(state.marketToOpen == rows[1].id)
        state.marketToOpen = nil
        state.handle(.character("/"), board: &board, rows: rows, visibleRows: 5)
        state.handle(.enter, board: &board, rows: rows, visibleRows: 5)
        #expect(state.marketToOpen == nil && !state.isSearching)
    }

    @Test func ctrlCInTheMarketScreenIsNotQ() {
        var quit = MarketScreenState()
        quit.handle(.character("q"), candleCount: 0)
        #expect(quit.shouldQuit && !quit.interrupted)
        var interrupted = MarketScreenState()
        interrupted.handle(.interrupt, candleCount: 0)
        #expect(interrupted.shouldQuit && interrupted.interrupted)
    }

    @Test func keysSortSearchFavouriteAndMove() {
        var board = Self.board()
        var state = BoardScreenState()
        var rows = board.snapshot().rows
        func press(_ text: String) {
            for key in KeyDecoder().decodeAll(text) { state.handle(key, board: &board, rows: rows, visibleRows: 3) }
            rows = board.snapshot().rows
        }
        press("p")
        #expect(board.settings.sort == BoardSort(.price, .descending))
        press("p")
        #expect(board.settings.sort == BoardSort(.price, .ascending))
        press("p")
        #expect(board.settings.sort == nil)
        press("n")
        #expect(board.settings.sort == BoardSort(.name, .ascending))
        press("\u{1B}[B")  // ↓
        #expect(state.selection(in: rows) == rows[1].id)
        press("f")
        #expect(board.favourites == [rows[1].id])
        press("4")
        #expect(rows.map(\.id) == Array(board.favourites))
        press("2e?")
        #expect(board.settings.tab == .btc && board.settings.names == .english && state.showsHelp)
        press("\u{1B}1/qlxm\r")
        #expect(!state.showsHelp && board.settings.query == "qlxm" && !state.isSearching)
        #expect(rows.map(\.id) == ["KRW-BTC"])
        press("\u{1B}")
        #expect(board.settings.query.isEmpty)
        press("lls")
        #expect(board.settings.minimumTradedValue == 1e9 && board.settings.stableOrder)
        press("q")
        #expect(state.shouldQuit)
    }

    @Test func aOpensAnAlertEntryForTheSelectedMarketAndTabSwitchesItsKind() throws {
        var board = Self.board()
        var state = BoardScreenState()
        state.connection = .connected
        let rows = board.snapshot().rows
        func press(_ text: String) {
            for key in KeyDecoder().decodeAll(text) { state.handle(key, board: &board, rows: rows, visibleRows: 4) }
        }
        press("a")
        #expect(state.alerts.entry == nil && state.alerts.message?.contains("--user") == true)
        state.alerts.signedIn = true
        press("\u{1B}[Ba150,000x0-0.0.²")
        // Digits, one point, no sign after the first character, nothing else.
        #expect(state.alerts.entry == .init(market: rows[1].id, kind: .price, text: "15000000.0"))
        press("\u{7F}\u{7F}")
        press("\t")
        #expect(state.alerts.entry?.kind == .changeRate)
        let frame = BoardScreen.render(
            rows: rows, settings: board.settings, state: state, width: 100, height: 8, colour: false)
        try Golden.check(frame, "board-100x8-alert-entry")
        press("\r")
        #expect(state.alerts.request == .set(market: rows[1].id, kind: .changeRate, value: "15000000"))
        #expect(state.alerts.entry == nil)
        // The board has its keys back.
        press("q")
        #expect(state.shouldQuit)
    }

    @Test func capitalAListsTheAlertsAndXDeletesTheSelectedOne() throws {
        var board = Self.board()
        var state = BoardScreenState()
        state.connection = .connected
        state.alerts.signedIn = true
        let json = """
            {"alerts":[
              {"alert_id":7,"kind":"price","market":"KRW-BTC","item":null,"price":"150000000","direction":"above",
               "percent":null,"amount":null,"minutes":null,"state":"active","text":"at or above 150,000,000 KRW",
               "created_at":1767225600000,"ended_at":null},
              {"alert_id":3,"kind":"change_rate","market":"KRW-ETH","item":null,"price":null,"direction":null,
               "percent":"-3","amount":null,"minutes":null,"state":"fired","text":"-3% or less",
               "created_at":1767225600000,"ended_at":1767225660000}
            ],"active":1,"maximum_active":50}
            """
        let list = try JSONDecoder().decode(AlertList.self, from: Data(json.utf8))
        state.alerts.apply(.list(list.alerts))
        let rows = board.snapshot().rows
        func press(_ text: String) {
            for key in KeyDecoder().decodeAll(text) { state.handle(key, board: &board, rows: rows, visibleRows: 4) }
        }
        press("A")
        #expect(state.alerts.listing)
        press("j")
        let frame = BoardScreen.render(
            rows: rows, settings: board.settings, state: state, width: 100, height: 8, colour: false)
        try Golden.check(frame, "board-100x8-alerts")
        press("x")
        #expect(state.alerts.request == nil && state.alerts.message?.hasPrefix("Press x again") == true)
        press("x")
        #expect(state.alerts.request == .delete(3))
        press("\u{1B}")
        #expect(!state.alerts.listing)
        state.alerts.apply(.said("Alert deleted."))
        let after = BoardScreen.render(
            rows: rows, settings: board.settings, state: state, width: 100, height: 8, colour: false)
        #expect(after[1] == DisplayWidth.fit(" ✉ Alert deleted.", 100))
        // Until the next key.
        press("j")
        #expect(state.alerts.message == nil)
    }

    @Test func theDecoderKeepsSplitSequencesAndHangul() {
        var decoder = KeyDecoder()
        let hangul = Array("비".utf8)
        #expect(decoder.decode(hangul[0..<2]).isEmpty)
        #expect(decoder.decode(hangul[2...] + Array("\u{1B}[".utf8)) == [.character("비")])
        #expect(decoder.decode(Array("5~\u{7F}\u{3}".utf8)) == [.pageUp, .backspace, .interrupt])
        #expect(decoder.decode([0x1B]) == [.escape])
    }

    @Test func cellWidths() {
        #expect(DisplayWidth.cells("비트코인") == 8)
        #expect(DisplayWidth.cells("KRW-BTC") == 7)
        #expect(DisplayWidth.cells("\u{1B}[31m리플\u{1B}[0m") == 4)
        #expect(DisplayWidth.fit("이더리움클래식", 9) == "이더리움…")
        #expect(DisplayWidth.fit("BTC", 6, alignRight: true) == "   BTC")
    }
}

extension KeyDecoder {
    /// All keys of `text` typed at once.
    func decodeAll(_ text: String) -> [KeyPress] {
        var decoder = self
        return decoder.decode(Array(text.utf8))
    }
}
