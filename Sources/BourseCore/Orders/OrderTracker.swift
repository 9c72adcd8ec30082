/// Keeps the ``OrderRecord`` of every open order and turns the engine's events into record changes and
/// fills: pure, part of ``ExchangeState``, so recovery rebuilds it exactly as the writer had it.
///
/// Only open orders are held (a record leaves when its order is done or cancelled), so memory follows
/// the books, not the history; closed records live on in the store, written with the journal commit that
/// closed them.
public struct OrderTracker: Hashable, Codable, Sendable {
    /// The records of open orders by id.
    public private(set) var open: [OrderID: OrderRecord] = [:]

    /// No open orders.
    public init() {}

    /// The record of order `id` as one command's `events` (which must include its acceptance) leave it:
    /// what a client placing the order is answered with, built without reading the store.
    public static func record(of id: OrderID, from events: [Event], at time: Timestamp) -> OrderRecord? {
        var tracker = OrderTracker()
        var changes = OrderChanges()
        tracker.observe(events[...], exchange: nil, at: time, into: &changes)
        return changes.records.first { $0.id == id }
    }

    /// Applies one command's `events` (applied to `exchange` at `time`), adding every record they changed
    /// and every fill they made to `changes`. Without `exchange`, orders that stay open keep the figures
    /// the events gave them (exact for an order whose last event is its own: rested, done, cancelled).
    public mutating func observe(
        _ events: ArraySlice<Event>, exchange: Exchange?, at time: Timestamp, into changes: inout OrderChanges
    ) {
        var touched: [OrderID] = []
        for event in events {
            switch event {
            case .accepted(let accepted):
                open[accepted.request.id] = OrderRecord(accepted: accepted)
                touched.append(accepted.request.id)
            case .traded(let trade):
                for fill in OrderFill.fills(of: trade) {
                    changes.append(fill)
                    update(fill.order, &touched) { record in
                        record.executedVolume = Volume(units: record.executedVolume.units + fill.volume.units)
                        record.executedFunds = Funds(units: record.executedFunds.units + fill.funds.units)
                        record.paidFee = Funds(units: record.paidFee.units + fill.fee.units)
                        record.tradesCount += 1
                        if let remaining = record.remainingVolume {
                            record.remainingVolume = Volume(units: max(remaining.units - fill.volume.units, 0))
                        }
                    }
                }
            case .prevented(let prevented):
                let makerLoses = prevented.mode != .cancelTaker
                let takerLoses = prevented.mode != .cancelMaker
                for (order, loses) in [(prevented.makerOrder, makerLoses), (prevented.takerOrder, takerLoses)]
                where loses {
                    update(order, &touched) { record in
                        record.preventedVolume = Volume(units: record.preventedVolume.units + prevented.volume.units)
                        let released =
                            record.side == .ask
                            ? prevented.volume.units
                            : Funds.value(of: prevented.volume, at: prevented.price, rounding: .up)?.units ?? 0
                        record.preventedLocked = Funds(units: record.preventedLocked.units + released)
                    }
                }
            case .rested(let rested):
                update(rested.order, &touched) { record in
                    record.remainingVolume = record.remainingVolume.map { _ in rested.remaining }
                    record.locked = rested.locked
                }
            case .done(let done):
                close(done.order, .done, remaining: .zero, at: time, into: &changes)
            case .cancelled(let cancelled):
                close(cancelled.order, .cancel, remaining: cancelled.remaining, at: time, into: &changes)
            case .rejected, .deposited, .marketStateChanged, .withdrawal, .coinDeposit, .auction:
                break
            }
        }
        // Orders still open: the engine's own figures are the truth for what they lock and have left.
        for id in touched {
            guard var record = open[id] else { continue }
            if let live = exchange?.openOrder(id) {
                record.locked = live.locked
                if record.remainingVolume != nil { record.remainingVolume = live.remaining }
                open[id] = record
            }
            changes.upsert(record)
        }
    }

    private mutating func update(_ id: OrderID, _ touched: inout [OrderID], _ body: (inout OrderRecord) -> Void) {
        guard var record = open[id] else { return }
        body(&record)
        open[id] = record
        touched.append(id)
    }

    private mutating func close(
        _ id: OrderID, _ state: OrderState, remaining: Volume, at time: Timestamp, into changes: inout OrderChanges
    ) {
        guard var record = open.removeValue(forKey: id) else { return }
        record.state = state
        record.closedAt = time
        record.locked = .zero
        if record.remainingVolume != nil { record.remainingVolume = remaining }
        changes.upsert(record)
    }
}
