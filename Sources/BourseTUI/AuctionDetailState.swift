public import BourseClient
import Foundation

/// The detail screen's part of ``AuctionsState``: the open item, its history, and the line being typed.
public struct AuctionDetailState: Sendable {
    /// What the input line is doing.
    public enum Input: Hashable, Sendable {
        /// Nothing: keys are commands.
        case none
        /// A maximum being typed (digits only), and why the last Enter refused it.
        case maximum(text: String, problem: String?)
        /// Waiting for `y` to buy at this price.
        case confirmBuyNow(Won)
        /// A message for the room on screen being typed, and why the last Enter refused it.
        case message(text: String, problem: String?)
    }

    /// The item: the list's copy at first, then the server's latest.
    public var item: AuctionItem
    /// Its bids, newest first.
    public var history: [AuctionBid] = []
    /// `true` once the history has come.
    public var historyLoaded = false
    /// The chat room on screen: the item's public thread `item:{id}`, or a private room `dm:{id}:{buyer}`
    /// (`p` switches).
    public var room: String
    /// The newest messages of ``room``, newest first.
    public var chat: [ChatMessage] = []
    /// `true` once the room's messages have come: only then does the screen show them.
    public var chatLoaded = false
    /// The furthest message this client told the server the user read in ``room`` (0 when a receipt was
    /// lost, so the next read of the room sends it again).
    public var markedRead: Int64 = 0
    /// The input line.
    public var input = Input.none

    /// The detail of `item`, its history still to come, showing `room` (the public thread if nil).
    public init(item: AuctionItem, room: String? = nil) {
        self.item = item
        self.room = room ?? Self.publicRoom(of: item.id)
    }

    /// Longest message that may be typed, in characters (the server's limit).
    static let longestMessage = 1_000

    /// Longest maximum that may be typed: 15 digits is under `Int64.max` won, so a typed number always fits.
    static let longestMaximum = 15

    /// The maximum in `text`, or why it cannot be bid on `item`: empty, or under the minimum next bid.
    static func maximum(_ text: String, for item: AuctionItem) -> Result<Won, MaximumProblem> {
        guard let value = Int64(text), value > 0 else { return .failure(.empty) }
        let maximum = Won(value)
        if let minimum = item.minimumBid, maximum < minimum { return .failure(.belowMinimum(minimum)) }
        return .success(maximum)
    }

    /// Why a typed maximum is refused before it is sent.
    enum MaximumProblem: Error {
        case empty
        case belowMinimum(Won)

        var text: String {
            switch self {
            case .empty: "type a maximum in won (digits only)"
            case .belowMinimum(let minimum): "too low: the minimum bid is \(AuctionText.won(minimum))"
            }
        }
    }
}

extension AuctionsState {
    mutating func handleDetail(_ key: KeyPress, item id: Int64) -> [AuctionAction] {
        let back = [KeyPress.escape, .backspace, .left, .character("h")].contains(key)
        // Still loading (`--item ID`): only going back and quitting mean anything.
        guard var detail else {
            if key == .character("q") { shouldQuit = true }
            guard back else { return [] }
            screen = .list
            notice = nil
            return [.close]
        }
        if detail.input == .none, back {
            screen = .list
            self.detail = nil
            notice = nil
            return [.close]
        }
        let actions = handleDetail(key, item: id, detail: &detail)
        self.detail = detail
        return actions
    }

    private mutating func handleDetail(
        _ key: KeyPress, item id: Int64, detail: inout AuctionDetailState
    )
        -> [AuctionAction]
    {
        switch detail.input {
        case .maximum(let text, _):
            return typeMaximum(key, text: text, detail: &detail)
        case .message(let text, _):
            return typeMessage(key, text: text, detail: &detail)
        case .confirmBuyNow:
            detail.input = .none
            guard key == .character("y") || key == .character("Y") else {
                notice = .info("buy now cancelled")
                return []
            }
            pending = "buying now…"
            return [.buyNow(item: id)]
        case .none: break
        }
        switch key {
        case .character("q"): shouldQuit = true
        case .character("r"): return [.refresh]
        case .character("b"):
            if let problem = biddingProblem(detail.item) {
                notice = .problem(problem)
            } else {
                notice = nil
                detail.input = .maximum(text: "", problem: nil)
            }
        case .character("n"):
            if let problem = biddingProblem(detail.item) {
                notice = .problem(problem)
            } else if let price = detail.item.buyNowPrice {
                notice = nil
                detail.input = .confirmBuyNow(price)
            } else {
                notice = .problem("this item has no buy-now price (it goes with the first bid)")
            }
        case .character("c"):
            guard user != nil else {
                notice = .problem("sign in to ask: bourse auctions --user NAME")
                return []
            }
            notice = nil
            detail.input = .message(text: "", problem: nil)
        case .character("p"):
            return switchRoom(&detail)
        case .character("w"):
            guard user != nil else {
                notice = .problem("sign in to watch: bourse auctions --user NAME")
                return []
            }
            let watch = !watching.contains(id)
            pending = watch ? "adding to the watchlist…" : "taking off the watchlist…"
            return [.watch(item: id, watch: watch)]
        default: break
        }
        return []
    }

    /// Why `item` cannot be bid on (or bought) by this user now, or `nil` if it can.
    func biddingProblem(_ item: AuctionItem) -> String? {
        guard let user else { return Self.signInHint }
        if item.seller == user { return "this is your own item: sellers do not bid on their items" }
        switch item.state {
        case .live: return nil
        case .scheduled: return "bidding has not opened yet"
        case .sold, .unsold, .cancelled: return "bidding is closed: the item is \(item.state.rawValue)"
        }
    }

    private mutating func typeMessage(
        _ key: KeyPress, text: String, detail: inout AuctionDetailState
    ) -> [AuctionAction] {
        switch key {
        case .character(let character):
            guard text.count < AuctionDetailState.longestMessage else { return [] }
            detail.input = .message(text: text + String(character), problem: nil)
        case .backspace: detail.input = .message(text: String(text.dropLast()), problem: nil)
        case .escape:
            detail.input = .none
            notice = .info("message cancelled")
        case .enter:
            let words = text.trimmingCharacters(in: .whitespaces)
            guard !words.isEmpty else {
                detail.input = .message(text: text, problem: "type a message first")
                return []
            }
            detail.input = .none
            pending = "sending…"
            return [.chat(room: detail.room, text: words)]
        default: break
        }
        return []
    }

    private mutating func typeMaximum(
        _ key: KeyPress, text: String, detail: inout AuctionDetailState
    )
        -> [AuctionAction]
    {
        switch key {
        case .character(let character) where character.isASCII && character.isNumber:
            guard text.count < AuctionDetailState.longestMaximum, !(text.isEmpty && character == "0") else {
                return []
            }
            detail.input = .maximum(text: text + String(character), problem: nil)
        case .character(","), .character("_"): break  // typed as thousands separators; the digits are enough
        case .backspace: detail.input = .maximum(text: String(text.dropLast()), problem: nil)
        case .escape:
            detail.input = .none
            notice = .info("bid cancelled")
        case .enter:
            switch AuctionDetailState.maximum(text, for: detail.item) {
            case .failure(let problem): detail.input = .maximum(text: text, problem: problem.text)
            case .success(let maximum):
                detail.input = .none
                pending = "bidding up to \(AuctionText.won(maximum))…"
                return [.bid(item: detail.item.id, maximum: maximum)]
            }
        default: break
        }
        return []
    }
}
