public import BourseClient

/// The board's alerts (issue #19): `a` opens an entry line for the selected market (a price, a change in
/// percent, or a 24 h value; Tab switches), `A` lists the user's alerts (x deletes the selected one), and
/// the last word about them (set, refused, fired) shows on the status line. Pure: the shell carries out
/// ``request`` and feeds back ``AlertsUpdate``s.
public struct BoardAlerts: Sendable {
    /// What the entry line's number means.
    public enum Kind: String, Sendable, CaseIterable {
        /// The last trade reaches this price (up or down, from where the price is).
        case price
        /// The change since the previous close reaches this percent (negative: a fall).
        case changeRate = "change %"
        /// The 24 h traded value reaches this amount.
        case value24h = "24h value"
    }

    /// The entry line while the user types an alert.
    public struct Entry: Sendable, Equatable {
        /// The market the alert is for.
        public var market: String
        /// What the number means.
        public var kind: Kind
        /// The number as typed so far.
        public var text: String

        /// An entry line for `market`.
        public init(market: String, kind: Kind, text: String) {
            self.market = market
            self.kind = kind
            self.text = text
        }
    }

    /// What the shell is asked to do.
    public enum Request: Sendable, Equatable {
        /// Set an alert on `market` of `kind` at the decimal `value` (as typed, checked by the server).
        case set(market: String, kind: Kind, value: String)
        /// Delete alert `id`.
        case delete(Int64)
    }

    /// Whether a user is signed in (`--user`): without one there are no alerts to set.
    public var signedIn = false
    /// The entry line, while open.
    public var entry: Entry?
    /// Whether the list replaces the rows.
    public var listing = false
    /// The user's alerts, newest first, as last loaded.
    public var alerts: [AuctionAlert] = []
    /// The selected row of the list.
    public var selected = 0
    /// The last word about alerts, for the status line (until the next key).
    public var message: String?
    /// The alert `x` asked to delete: a second `x` confirms.
    public var deleting: Int64?
    /// What the shell should do next (it clears this).
    public var request: Request?

    /// No alerts, not signed in.
    public init() {}

    /// Whether alerts take the keys now (the entry line or the list is open).
    public var isActive: Bool { entry != nil || listing }

    /// `a`: opens the entry line for `market`.
    public mutating func begin(market: String?) {
        guard signedIn else {
            message = "Alerts need a user: run bourse board --user NAME."
            return
        }
        guard let market else { return }
        listing = false
        entry = Entry(market: market, kind: .price, text: "")
    }

    /// `A`: shows or hides the list.
    public mutating func toggleList() {
        guard signedIn else {
            message = "Alerts need a user: run bourse board --user NAME."
            return
        }
        entry = nil
        listing.toggle()
        selected = min(selected, max(0, alerts.count - 1))
    }

    /// Applies `key` while the entry line or the list is open; false for keys they do not take.
    public mutating func handle(_ key: KeyPress) -> Bool {
        if var current = entry {
            switch key {
            // A plain decimal as the API takes it: ASCII digits, one point, a minus only first.
            case .character(let character) where character.isASCII && character.isNumber:
                if current.text.count < 24 { current.text.append(character) }
            case .character("."):
                if !current.text.contains(".") { current.text.append(".") }
            case .character("-"):
                if current.text.isEmpty { current.text = "-" }
            case .backspace:
                if !current.text.isEmpty { current.text.removeLast() }
            case .tab:
                let kinds = Kind.allCases
                current.kind = kinds[(kinds.firstIndex(of: current.kind)! + 1) % kinds.count]
            case .enter:
                guard !current.text.isEmpty else { return true }
                request = .set(market: current.market, kind: current.kind, value: current.text)
                entry = nil
                return true
            case .escape:
                entry = nil
                return true
            default:
                return true
            }
            entry = current
            return true
        }
        guard listing else { return false }
        if key != .character("x") && key != .backspace { deleting = nil }
        switch key {
        case .up, .character("k"): selected = max(0, selected - 1)
        case .down, .character("j"): selected = min(max(0, alerts.count - 1), selected + 1)
        case .character("x"), .backspace:
            guard alerts.indices.contains(selected) else { break }
            let id = alerts[selected].id
            if deleting == id {
                request = .delete(id)
                deleting = nil
            } else {
                deleting = id
                message = "Press x again to delete: \(alerts[selected].text)."
                return true
            }
        case .escape, .character("A"): listing = false
        case .character("q"), .interrupt: return false
        default: break
        }
        return true
    }

    /// Takes what the shell learnt.
    public mutating func apply(_ update: AlertsUpdate) {
        switch update {
        case .list(let list):
            alerts = list
            selected = min(selected, max(0, list.count - 1))
        case .said(let words):
            message = words
        }
    }
}

/// What the board's shell learns about alerts.
public enum AlertsUpdate: Sendable, Equatable {
    /// The user's alerts, reloaded.
    case list([AuctionAlert])
    /// Words for the status line: an alert set, a refusal, one that fired.
    case said(String)
}
