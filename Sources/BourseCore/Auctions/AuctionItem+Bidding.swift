// Proxy bidding (auction-api.md §1), decided on the item alone before any money moves. A bid is a secret
// maximum; only the leader's maximum is kept, because the visible price never falls below the second-highest
// maximum and every new bid must clear the price: the next second-highest is always either the new bid or
// the old leader's maximum.

/// What an acceptable bid does to an item: the new leader, maximum and price, and who lost the lead.
struct BidOutcome {
    /// The leader after the bid.
    var leader: AccountID
    /// The leader's maximum after the bid.
    var leaderMaximum: Funds
    /// The visible price after the bid.
    var price: Funds
    /// The former leader and the maximum it had locked, when the bid took the lead from someone else.
    var outbid: (account: AccountID, maximum: Funds)? = nil
}

extension AuctionItem {
    /// The outcome of `bidder` bidding up to `maximum` on this open item, or why the amount is refused
    /// (always ``AuctionRejection/bidTooLow``: everything else is checked before).
    func proxyOutcome(of maximum: Funds, by bidder: AccountID) -> Result<BidOutcome, AuctionRejection> {
        guard let minimum = minimumBid, maximum >= minimum else { return .failure(.bidTooLow) }
        guard let leader else {
            let price = meetingReserve(terms.startPrice, maximum)
            return .success(BidOutcome(leader: bidder, leaderMaximum: maximum, price: price))
        }
        if bidder == leader {
            // A raise of one's own maximum moves the price only to meet the reserve.
            guard maximum > leaderMaximum else { return .failure(.bidTooLow) }
            return .success(BidOutcome(leader: leader, leaderMaximum: maximum, price: meetingReserve(price, maximum)))
        }
        if maximum > leaderMaximum {
            let price = min(oneStep(over: leaderMaximum), maximum)
            return .success(
                BidOutcome(
                    leader: bidder, leaderMaximum: maximum, price: meetingReserve(price, maximum),
                    outbid: (leader, leaderMaximum)))
        }
        // The leader keeps the lead: at the tied amount (the earlier bid wins ties), or one step over the
        // new bid, capped at the leader's maximum.
        let price = maximum == leaderMaximum ? maximum : min(oneStep(over: maximum), leaderMaximum)
        return .success(
            BidOutcome(leader: leader, leaderMaximum: leaderMaximum, price: meetingReserve(price, leaderMaximum)))
    }

    /// `amount` plus the step at `amount`; saturating, since the caller caps it at a maximum anyway.
    private func oneStep(over amount: Funds) -> Funds {
        amount.adding(terms.increments.step(at: amount)) ?? Funds(units: .max)
    }

    /// `price`, raised to the reserve when the leader's `maximum` reaches it.
    private func meetingReserve(_ price: Funds, _ maximum: Funds) -> Funds {
        guard let reservePrice = terms.reservePrice, maximum >= reservePrice else { return price }
        return max(price, reservePrice)
    }
}
