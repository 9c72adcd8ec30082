import BourseCore
import BourseToolkit

/// Decides the next command of an ``EngineFlow`` from the book's touch and the open orders.
///
/// Prices are whole ticks of the KRW-BTC grid around ``FlowShape/centerTick``. Passive orders land a
/// random distance behind the opposite touch, so they never trade. Trading orders go to the opposite
/// touch and are sized against the orders waiting there: an IOC takes one lot, usually part of the
/// first order, which stays; a cancel-and-replace takes exactly one order out of the book. Every other
/// way in or out of the book is one order too, so the book's size follows the mix: new limits add 9
/// per 100 commands, cancels take 6, and trading replacements (with the odd IOC) take the other 3,
/// which is what makes ~6 % of commands trade. How often a replacement trades follows the book's size,
/// which holds it at its target over any length of stream, and the side that trades leans toward the
/// centre price, which keeps the price from drifting.
struct FlowGenerator {
    /// What a command is, for the flow's statistics.
    enum Kind {
        case limit, immediateOrCancel, cancel, replace
    }

    let shape: FlowShape
    let market: MarketCode
    var random: SeededRandom
    var open = OpenOrders()
    private var nextOrderID: UInt64 = 1

    init(shape: FlowShape, market: MarketCode, seed: UInt64) {
        self.shape = shape
        self.market = market
        random = SeededRandom(seed: seed)
    }

    /// A passive limit order on the thinner side, to fill the book before the stream starts.
    mutating func prefillOrder(bestBid: Int?, bestAsk: Int?) -> Command {
        let side: Side = open.count(.bid) <= open.count(.ask) ? .bid : .ask
        let price = passivePrice(side, bestBid: bestBid, bestAsk: bestAsk)
        return .place(limit(side, price: price, lots: 1 + random.below(shape.maxLots), account: randomAccount()))
    }

    /// The next command of the stream and its kind.
    mutating func next(bestBid: Int?, bestAsk: Int?) -> (Command, Kind) {
        let roll = random.below(100)
        if roll < shape.limitPercent || open.total == 0 {
            return (newLimit(bestBid: bestBid, bestAsk: bestAsk), .limit)
        }
        if roll < shape.limitPercent + shape.immediateOrCancelPercent,
            let command = immediateOrCancel(bestBid: bestBid, bestAsk: bestAsk)
        {
            return (command, .immediateOrCancel)
        }
        if roll < shape.limitPercent + shape.immediateOrCancelPercent + shape.cancelPercent {
            let entry = randomOpenOrder()
            return (.cancel(.id(entry.id), account: entry.account), .cancel)
        }
        return (replace(bestBid: bestBid, bestAsk: bestAsk), .replace)
    }

    // MARK: - Commands

    /// A good-till-cancelled limit on a random side (the thinner one more often, which keeps the two
    /// sides about equal), resting behind the touch.
    private mutating func newLimit(bestBid: Int?, bestAsk: Int?) -> Command {
        let side: Side = random.below(open.total + 2) < open.count(.ask) + 1 ? .bid : .ask
        let price = passivePrice(side, bestBid: bestBid, bestAsk: bestAsk)
        return .place(limit(side, price: price, lots: 1 + random.below(shape.maxLots), account: randomAccount()))
    }

    /// A one-lot IOC limit at the opposite touch, against whichever touch starts with the larger
    /// order (the centre-leaning side on a tie), so it usually takes part of that order and leaves the
    /// book's size alone; `nil` if the book is empty.
    private mutating func immediateOrCancel(bestBid: Int?, bestAsk: Int?) -> Command? {
        let leaning = leaningSide(bestBid: bestBid, bestAsk: bestAsk)
        var choice: (side: Side, touch: Int, first: OpenOrders.Entry)?
        for side in [leaning, leaning.opposite] {
            guard let touch = side == .bid ? bestAsk : bestBid,
                let (first, _) = open.queue(side.opposite, at: shape.price(tick: touch))
            else { continue }
            if first.remaining > choice?.first.remaining ?? 0 { choice = (side, touch, first) }
        }
        guard let (side, touch, first) = choice else { return nil }
        var account = randomAccount()
        if account == first.account { account = AccountID(account.rawValue % UInt64(shape.accounts) + 1) }
        return .place(limit(side, price: touch, lots: 1, account: account, timeInForce: .ioc))
    }

    /// Moves an open order to a new price, keeping what it has left (`remain_only`): usually behind the
    /// opposite touch, and, at a rate that follows the book's size, through it to trade.
    private mutating func replace(bestBid: Int?, bestAsk: Int?) -> Command {
        let excess = Double(open.total - shape.restingOrders) / Double(shape.restingOrders)
        let chance = min(max(shape.tradingReplaceChance * (1 + shape.sizeGain * excess), 0), 0.2)
        if random.unit() < chance, let (entry, touch) = tradingReplacement(bestBid: bestBid, bestAsk: bestAsk) {
            return move(entry, to: touch)
        }
        let entry = randomOpenOrder()
        return move(entry, to: passivePrice(entry.side, bestBid: bestBid, bestAsk: bestAsk))
    }

    /// An order of the centre-leaning side that, moved to the opposite touch, takes exactly one order
    /// out of the book, and that touch; `nil` if a few random picks find none.
    ///
    /// Smaller than the first order there, it fills and leaves that order resting; larger than the only
    /// order there, it fills that order and rests with the rest. The order it meets belongs to another
    /// account, so self-trade prevention stays out of it.
    private mutating func tradingReplacement(bestBid: Int?, bestAsk: Int?) -> (OpenOrders.Entry, Int)? {
        let side = leaningSide(bestBid: bestBid, bestAsk: bestAsk)
        guard open.count(side) > 0, let touch = side == .bid ? bestAsk : bestBid,
            let (first, second) = open.queue(side.opposite, at: shape.price(tick: touch))
        else { return nil }
        for _ in 0..<shape.tradingCandidates {
            let entry = open.entry(side, at: random.below(open.count(side)))
            guard entry.account != first.account else { continue }
            if second == nil ? entry.remaining > first.remaining : entry.remaining < first.remaining {
                return (entry, touch)
            }
        }
        return nil
    }

    // MARK: - Pieces

    private mutating func move(_ entry: OpenOrders.Entry, to tick: Int) -> Command {
        let replacement = ReplacementRequest(id: takeOrderID(), price: shape.price(tick: tick), volume: .remainOnly)
        return .cancelAndReplace(.id(entry.id), account: entry.account, replacement)
    }

    private mutating func limit(
        _ side: Side, price: Int, lots: Int, account: AccountID, timeInForce: TimeInForce? = nil
    ) -> OrderRequest {
        .limit(
            takeOrderID(), account, market, side, price: shape.price(tick: price),
            volume: Volume(units: Int64(lots) * shape.lotUnits), timeInForce: timeInForce)
    }

    private mutating func takeOrderID() -> OrderID {
        defer { nextOrderID += 1 }
        return OrderID(nextOrderID)
    }

    private mutating func randomAccount() -> AccountID {
        AccountID(UInt64(1 + random.below(shape.accounts)))
    }

    private mutating func randomOpenOrder() -> OpenOrders.Entry {
        let position = random.below(open.total)
        let bids = open.count(.bid)
        return position < bids ? open.entry(.bid, at: position) : open.entry(.ask, at: position - bids)
    }

    /// The side whose trades move the price toward the centre: sells when the mid is above it, buys
    /// when below, more surely the further away it is.
    private mutating func leaningSide(bestBid: Int?, bestAsk: Int?) -> Side {
        let mid = Double((bestBid ?? bestAsk ?? shape.centerTick) + (bestAsk ?? bestBid ?? shape.centerTick)) / 2
        let lean = min(max((mid - Double(shape.centerTick)) / Double(shape.reversionTicks), -0.45), 0.45)
        return random.unit() < 0.5 - lean ? .bid : .ask
    }

    /// A price behind the opposite touch, 1 to ``FlowShape/depthTicks`` ticks away.
    private mutating func passivePrice(_ side: Side, bestBid: Int?, bestAsk: Int?) -> Int {
        let distance = 1 + random.below(shape.depthTicks)
        if side == .bid {
            return (bestAsk ?? (bestBid ?? shape.centerTick) + 1) - distance
        }
        return (bestBid ?? (bestAsk ?? shape.centerTick) - 1) + distance
    }
}
