public import BourseClient

/// What the board screen shows besides the board itself: the selection, search editing, help, the
/// connection; and what each key does to it and to the board.
public struct BoardScreenState: Sendable {
    /// The selected market, kept by code so that it stays selected as rows move.
    public var selectedCode: String?
    /// The first row on screen.
    public var top = 0
    /// `true` while the search line takes the keys.
    public var isSearching = false
    /// `true` while the help replaces the rows.
    public var showsHelp = false
    /// The stream's state.
    public var connection = MarketStream.ConnectionState.connecting(attempt: 1)
    /// Reconnections so far.
    public var reconnects = 0
    /// Set by `q` or Ctrl-C.
    public var shouldQuit = false
    /// The market Enter asked to open (the shell opens it and clears this).
    public var marketToOpen: String?
    /// The user's alerts: the entry line (`a`), the list (`A`) and what the shell is asked to do.
    public var alerts = BoardAlerts()

    /// The liquidity thresholds `l` cycles through (in the quote currency).
    public static let liquiditySteps: [Double] = [0, 100e6, 1e9, 10e9]

    /// The starting state.
    public init() {}

    /// Applies `key` to this state and to `board`, whose last snapshot showed `rows`; `visibleRows` is how
    /// many rows fit on screen (for paging).
    public mutating func handle(_ key: KeyPress, board: inout MarketBoard, rows: [BoardRow], visibleRows: Int) {
        if key == .interrupt {
            shouldQuit = true
            return
        }
        // The last word about alerts stays until the next key.
        alerts.message = nil
        if isSearching, handleSearch(key, board: &board) { return }
        if alerts.isActive, alerts.handle(key) { return }
        switch key {
        case .character("q"): shouldQuit = true
        case .character("1"): board.settings.tab = .krw
        case .character("2"): board.settings.tab = .btc
        case .character("3"): board.settings.tab = .usdt
        case .character("4"): board.settings.tab = .favourites
        case .tab: board.settings.tab = Self.nextTab(after: board.settings.tab)
        case .character("p"): board.settings.sort = Self.cycle(board.settings.sort, .price)
        case .character("c"): board.settings.sort = Self.cycle(board.settings.sort, .changeRate)
        case .character("v"): board.settings.sort = Self.cycle(board.settings.sort, .tradedValue)
        case .character("n"): board.settings.sort = Self.cycle(board.settings.sort, .name)
        case .character("/"): isSearching = true
        case .character("f"):
            if let code = selection(in: rows) { board.toggleFavourite(code) }
        case .character("e"): board.settings.names = board.settings.names == .korean ? .english : .korean
        case .character("s"): board.settings.stableOrder.toggle()
        case .character("r"): board.resort()
        case .character("l"):
            let steps = Self.liquiditySteps
            let index = steps.firstIndex(of: board.settings.minimumTradedValue) ?? 0
            board.settings.minimumTradedValue = steps[(index + 1) % steps.count]
        case .enter: marketToOpen = selection(in: rows)
        case .character("a"): alerts.begin(market: selection(in: rows))
        case .character("A"): alerts.toggleList()
        case .character("?"): showsHelp.toggle()
        case .escape:
            if showsHelp { showsHelp = false } else { board.settings.query = "" }
        case .up, .character("k"): move(by: -1, in: rows, visibleRows: visibleRows)
        case .down, .character("j"): move(by: 1, in: rows, visibleRows: visibleRows)
        case .pageUp: move(by: -max(1, visibleRows - 1), in: rows, visibleRows: visibleRows)
        case .pageDown: move(by: max(1, visibleRows - 1), in: rows, visibleRows: visibleRows)
        case .home, .character("g"): move(by: -rows.count, in: rows, visibleRows: visibleRows)
        case .end, .character("G"): move(by: rows.count, in: rows, visibleRows: visibleRows)
        default: break
        }
    }

    /// The selected row's code: the kept one if still shown, else the first row's.
    public func selection(in rows: [BoardRow]) -> String? {
        if let selectedCode, rows.contains(where: { $0.id == selectedCode }) { return selectedCode }
        return rows.first?.id
    }

    /// Keeps the selection on screen: moves `top` so that the selected row is between `top` and
    /// `top + visibleRows`.
    public mutating func scroll(rows: [BoardRow], visibleRows: Int) {
        let index = selection(in: rows).flatMap { code in rows.firstIndex { $0.id == code } } ?? 0
        if index < top { top = index }
        if index >= top + visibleRows { top = index - visibleRows + 1 }
        top = max(0, min(top, max(0, rows.count - visibleRows)))
    }

    private mutating func handleSearch(_ key: KeyPress, board: inout MarketBoard) -> Bool {
        switch key {
        case .character(let character):
            board.settings.query.append(character)
        case .backspace:
            if board.settings.query.isEmpty { isSearching = false } else { board.settings.query.removeLast() }
        case .enter: isSearching = false
        case .escape:
            board.settings.query = ""
            isSearching = false
        default: return false
        }
        return true
    }

    private mutating func move(by delta: Int, in rows: [BoardRow], visibleRows: Int) {
        guard !rows.isEmpty else { return }
        let current = selection(in: rows).flatMap { code in rows.firstIndex { $0.id == code } } ?? 0
        let next = max(0, min(rows.count - 1, current + delta))
        selectedCode = rows[next].id
        scroll(rows: rows, visibleRows: visibleRows)
    }

    /// Pressing a sort key: first descending, then ascending, then off.
    static func cycle(_ sort: BoardSort?, _ key: BoardSortKey) -> BoardSort? {
        guard let sort, sort.key == key else { return BoardSort(key, key == .name ? .ascending : .descending) }
        let first: SortDirection = key == .name ? .ascending : .descending
        return sort.direction == first ? BoardSort(key, first == .ascending ? .descending : .ascending) : nil
    }

    static func nextTab(after tab: QuoteTab) -> QuoteTab {
        switch tab {
        case .krw: .btc
        case .btc: .usdt
        case .usdt: .favourites
        default: .krw
        }
    }
}
