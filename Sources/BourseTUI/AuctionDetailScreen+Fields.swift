import BourseClient
import Foundation

extension AuctionDetailScreen {
    /// The labelled lines at the top of the detail: what a bidder needs before typing a maximum.
    struct Fields {
        let item: AuctionItem
        let state: AuctionsState
        let now: Date
        let colour: Bool

        /// Each line's label and value, and the colour of the whole value if it has one (the countdown
        /// paints only itself, not the time after it).
        var rows: [(label: String, value: String, tint: String?)] {
            let bids = item.bidCount == 1 ? "1 bid" : "\(item.bidCount) bids"
            var rows: [(String, String, String?)] = [
                (
                    "Price",
                    "\(AuctionText.won(item.price)) KRW · \(bids)" + (item.leader.map { " · leader \($0)" } ?? ""), nil
                )
            ]
            rows.append(clock)
            let buyNow = item.buyNowPrice.map { "buy now \(AuctionText.won($0)) KRW" } ?? "no buy now"
            rows.append(("Reserve", reserve + " · " + buyNow, item.reserve == .notMet ? ANSI.blue : nil))
            let minimum = item.state == .live ? item.minimumBid.map { "at least \(AuctionText.won($0)) KRW" } : nil
            rows.append(("Next bid", minimum ?? "-", nil))
            rows.append(you)
            let photos = item.photos.count == 1 ? "1 photo" : "\(item.photos.count) photos"
            let watch = state.watching.contains(item.id) ? " (you watch it)" : ""
            rows.append(
                (
                    "Item",
                    "starts at \(AuctionText.won(item.startPrice)) · \(photos) · \(item.watchers) watching" + watch, nil
                ))
            return rows
        }

        private var reserve: String { item.reserve == .none ? "none" : AuctionText.reserve(item.reserve) }

        /// The countdown while live or scheduled, the outcome once over.
        private var clock: (String, String, String?) {
            let end = AuctionText.timeOfDay(item.effectiveEndsAt) + " KST"
            let extended = item.effectiveEndsAt > item.endsAt ? ", extended" : ""
            switch item.state {
            case .live:
                let left = AuctionText.remaining(until: item.effectiveEndsAt, now: now)
                let urgency = AuctionText.urgency(left)
                let text = left == .zero ? "closing" : AuctionText.countdown(left)
                let shown = AuctionText.marked(text, urgency, colour: colour)
                let painted = AuctionText.tint(urgency).map { $0 + shown + ANSI.reset } ?? shown
                return ("Ends in", (colour ? painted : shown) + " (at \(end)\(extended))", nil)
            case .scheduled:
                let left = AuctionText.remaining(until: item.startsAt, now: now)
                return (
                    "Opens in", AuctionText.countdown(left) + " (at \(AuctionText.timeOfDay(item.startsAt)) KST)", nil
                )
            case .sold:
                return (
                    "Ended", "sold to \(item.leader ?? "the leader") for \(AuctionText.won(item.price)) KRW at \(end)",
                    nil
                )
            case .unsold:
                let why = item.bidCount == 0 ? "no bids" : "the reserve was not met"
                return ("Ended", "unsold: \(why) (at \(end))", nil)
            case .cancelled:
                return ("Ended", "withdrawn by the seller", nil)
            }
        }

        /// Where the signed-in user stands: their maximum and whether it leads, or why they cannot bid.
        private var you: (String, String, String?) {
            guard let user = state.user else { return ("You", "read-only: bourse auctions --user NAME to bid", nil) }
            if item.seller == user { return ("You", "this is your item", nil) }
            let over = item.state == .sold || item.state == .unsold
            guard let standing = state.standings[item.id] else {
                return ("You", over ? "did not bid" : "no bid yet", nil)
            }
            let green = "\u{1B}[32m"
            switch (standing.leading, over) {
            case (true, true):
                return (
                    "You",
                    item.state == .sold
                        ? "won at \(AuctionText.won(item.price)) KRW" : "led, but the reserve was not met", green
                )
            case (true, false):
                let maximum = standing.yourMax.map { " · your maximum \(AuctionText.won($0)) KRW" } ?? ""
                return ("You", "leading" + maximum, green)
            case (false, true): return ("You", "outbid: lost", ANSI.red)
            case (false, false): return ("You", "outbid: your maximum no longer leads (b to bid again)", ANSI.red)
            }
        }
    }
}
