// The auction house's commands, applied by the exchange's single writer so that bids lock, and sales pay,
// in the one shared ledger (ADR 0010). Only a live item's leader has money locked: its whole maximum. Every
// handler decides on a copy of the item and stores it back, so a refusal changes nothing (except opening a
// scheduled item that was due, which is a real change reported by its own event).
extension Exchange {
    mutating func listItem(_ id: ItemID, _ terms: ItemTerms, at time: Timestamp, into events: inout [Event]) {
        guard id.rawValue != 0, auctions.items[id] == nil, terms.isValid(at: time) else {
            let rejected = AuctionRejected(
                account: terms.seller, item: id, command: .listItem(id, terms), reason: .invalidParameter)
            return events.append(.auction(.rejected(rejected)))
        }
        let item = AuctionItem(id: id, terms: terms, at: time)
        auctions.items[id] = item
        events.append(.auction(.listed(item)))
    }

    mutating func bid(
        _ id: ItemID, by bidder: AccountID, maximum: Funds, at time: Timestamp, into events: inout [Event]
    ) {
        let command = Command.bid(id, account: bidder, maximum: maximum)
        guard var item = auctions.items[id] else { return reject(command, bidder, id, .notFound, &events) }
        guard maximum.isWholePositiveWon else { return reject(command, bidder, id, .invalidParameter, &events) }
        guard bidder != item.terms.seller else { return reject(command, bidder, id, .ownItem, &events) }
        openIfDue(&item, at: time, into: &events)
        guard item.isOpen(at: time) else { return reject(command, bidder, id, .auctionNotLive, &events) }
        let outcome: BidOutcome
        switch item.proxyOutcome(of: maximum, by: bidder) {
        case .success(let decided): outcome = decided
        case .failure(let reason): return reject(command, bidder, id, reason, &events)
        }
        // Lock the whole maximum (a leader's raise only adds the difference), even for a bid that loses at
        // once: a bid is only as good as the money behind it.
        let krw = ledger.currency(AuctionHouse.currency.description)
        let alreadyLocked = item.leader == bidder ? item.leaderMaximum.units : 0
        guard let slot = ledger.slot(of: bidder), ledger.lock(slot, krw, maximum.units - alreadyLocked) else {
            return reject(command, bidder, id, .insufficientFunds, &events)
        }
        if outcome.leader != bidder { ledger.unlock(slot, krw, maximum.units) }
        if let outbid = outcome.outbid, let outbidSlot = ledger.slot(of: outbid.account) {
            ledger.unlock(outbidSlot, krw, outbid.maximum.units)
        }

        let reserveWasMet = item.reserve == .met
        let previousPrice = item.price
        let previousEnd = item.effectiveEndsAt
        item.leader = outcome.leader
        item.leaderMaximum = outcome.leaderMaximum
        item.price = outcome.price
        item.bidCount += 1
        item.effectiveEndsAt = item.extendedEnd(afterBidAt: time)
        let accepted = BidAccepted(
            item: id, sequence: item.nextSequence(), bidder: bidder, maximum: maximum,
            leading: outcome.leader == bidder, price: item.price, previousPrice: previousPrice,
            leader: outcome.leader, bidCount: item.bidCount, reserve: item.reserve, buyNowPrice: item.buyNowPrice,
            effectiveEndsAt: item.effectiveEndsAt, time: time)
        events.append(.auction(.bidAccepted(accepted)))
        if let outbid = outcome.outbid {
            let event = Outbid(
                item: id, sequence: item.sequence, account: outbid.account, price: item.price,
                maximum: outbid.maximum)
            events.append(.auction(.outbid(event)))
        }
        if !reserveWasMet && item.reserve == .met {
            events.append(.auction(.reserveMet(id, sequence: item.nextSequence())))
        }
        if item.effectiveEndsAt != previousEnd {
            let extended = AuctionExtended(
                item: id, sequence: item.nextSequence(), previousEndsAt: previousEnd,
                effectiveEndsAt: item.effectiveEndsAt)
            events.append(.auction(.extended(extended)))
        }
        auctions.items[id] = item
    }

    mutating func buyNow(_ id: ItemID, by buyer: AccountID, at time: Timestamp, into events: inout [Event]) {
        let command = Command.buyNow(id, account: buyer)
        guard var item = auctions.items[id] else { return reject(command, buyer, id, .notFound, &events) }
        guard buyer != item.terms.seller else { return reject(command, buyer, id, .ownItem, &events) }
        openIfDue(&item, at: time, into: &events)
        guard item.isOpen(at: time) else { return reject(command, buyer, id, .auctionNotLive, &events) }
        guard let price = item.buyNowPrice else { return reject(command, buyer, id, .buyNowUnavailable, &events) }
        let krw = ledger.currency(AuctionHouse.currency.description)
        guard let slot = ledger.slot(of: buyer) else { return reject(command, buyer, id, .insufficientFunds, &events) }
        // A leader buying outright pays from its bid's lock first.
        let ownLock = item.leader == buyer ? item.leaderMaximum.units : 0
        ledger.unlock(slot, krw, ownLock)
        guard ledger.lock(slot, krw, price.units) else {
            _ = ledger.lock(slot, krw, ownLock)
            return reject(command, buyer, id, .insufficientFunds, &events)
        }
        let displaced = item.leader.flatMap { $0 == buyer ? nil : (account: $0, maximum: item.leaderMaximum) }
        if let displaced, let displacedSlot = ledger.slot(of: displaced.account) {
            ledger.unlock(displacedSlot, krw, displaced.maximum.units)
        }
        item.leader = buyer
        item.leaderMaximum = price
        item.price = price
        item.boughtNow = true
        close(&item, at: time, releasedBefore: Funds(units: ownLock), into: &events)
        if let displaced {
            let outbid = Outbid(
                item: id, sequence: item.sequence, account: displaced.account, price: price,
                maximum: displaced.maximum)
            events.append(.auction(.outbid(outbid)))
        }
        auctions.items[id] = item
    }

    mutating func cancelItem(_ id: ItemID, by seller: AccountID, at time: Timestamp, into events: inout [Event]) {
        let command = Command.cancelItem(id, account: seller)
        guard var item = auctions.items[id], item.terms.seller == seller else {
            return reject(command, seller, id, .notFound, &events)
        }
        guard item.deadline != nil, time < item.effectiveEndsAt else {
            return reject(command, seller, id, .auctionNotLive, &events)
        }
        guard item.bidCount == 0 else { return reject(command, seller, id, .hasBids, &events) }
        item.state = .cancelled
        events.append(.auction(.cancelled(id, sequence: item.nextSequence())))
        auctions.items[id] = item
    }

    mutating func advanceAuction(_ id: ItemID, at time: Timestamp, into events: inout [Event]) {
        guard var item = auctions.items[id] else { return }
        openIfDue(&item, at: time, into: &events)
        if item.state == .live && time >= item.effectiveEndsAt {
            close(&item, at: time, releasedBefore: .zero, into: &events)
        }
        auctions.items[id] = item
    }

    // MARK: - Steps

    private mutating func openIfDue(_ item: inout AuctionItem, at time: Timestamp, into events: inout [Event]) {
        guard item.state == .scheduled, time >= item.terms.startsAt else { return }
        item.state = .live
        events.append(.auction(.started(item.id, sequence: item.nextSequence())))
        auctions.items[item.id] = item
    }

    /// Ends a live item in the same command that reached its end: the leader pays the price from its lock
    /// and gets the excess back, the seller is credited the price less the fee, the fee is collected; below
    /// the reserve the leader's whole lock is released and the item is `unsold`.
    private mutating func close(
        _ item: inout AuctionItem, at time: Timestamp, releasedBefore: Funds, into events: inout [Event]
    ) {
        let krw = ledger.currency(AuctionHouse.currency.description)
        var ended = AuctionEnded(
            item: item.id, sequence: 0, state: .unsold, price: item.price, leader: item.leader,
            seller: item.terms.seller, fee: .zero, proceeds: .zero, released: releasedBefore,
            boughtNow: item.boughtNow)
        if let leader = item.leader, let slot = ledger.slot(of: leader) {
            if item.reserve == .notMet {
                ledger.unlock(slot, krw, item.leaderMaximum.units)
                ended.released.units += item.leaderMaximum.units
            } else {
                let fee = item.terms.fee(on: item.price)
                let excess = item.leaderMaximum.units - item.price.units
                ledger.spendLocked(slot, krw, item.price.units)
                ledger.unlock(slot, krw, excess)
                let sellerSlot = ledger.openSlot(for: item.terms.seller)
                ledger.credit(sellerSlot, krw, item.price.units - fee.units)
                ledger.collectFee(krw, fee.units)
                ended.state = .sold
                ended.fee = fee
                ended.proceeds = Funds(units: item.price.units - fee.units)
                ended.released.units += excess
            }
        }
        item.state = ended.state
        ended.sequence = item.nextSequence()
        events.append(.auction(.ended(ended)))
    }

    private func reject(
        _ command: Command, _ account: AccountID, _ id: ItemID, _ reason: AuctionRejection, _ events: inout [Event]
    ) {
        let rejected = AuctionRejected(account: account, item: id, command: command, reason: reason)
        events.append(.auction(.rejected(rejected)))
    }
}
