import BourseCore

// The journal loop: group commits out to the store, answers back to submitters.
extension DurableExchange {
    func runJournal() async throws {
        var writer = ByteWriter(capacity: 1 << 20)
        while var commits = await nextCommits(limit: options.maximumEntriesPerCommit) {
            if options.commitDelay > .zero {
                let queued = commits.reduce(0) { $0 + $1.entries.count }
                if queued < options.maximumEntriesPerCommit {
                    try? await Task.sleep(for: options.commitDelay)
                    commits += takeCommits(limit: options.maximumEntriesPerCommit - queued)
                }
            }
            let merged = Self.merge(commits)
            if !merged.entries.isEmpty {
                writer.removeAll()
                JournalCodec.encode(merged.entries, into: &writer)
                let record = JournalRecord(
                    firstSequence: merged.entries[0].sequence, count: merged.entries.count, bytes: writer.bytes)
                do {
                    try await store.append(
                        JournalCommit(
                            record: record, trades: merged.trades, candles: merged.candles, orders: merged.orders,
                            fills: merged.fills, transfers: merged.transfers, auctionBids: merged.auctionBids))
                } catch {
                    fail(merged.replies, with: .journalFailed(String(describing: error)))
                    throw error
                }
                if let observer {
                    observer(
                        DurableBatch(
                            results: merged.replies.flatMap(\.1), trades: merged.trades, orders: merged.orders,
                            fills: merged.fills, balances: merged.balances))
                }
                for (reply, results) in merged.replies { reply(.success(results)) }
                let waiter = pipeline.withLock { pipeline in
                    pipeline.inFlightEntries -= merged.entries.count
                    defer { pipeline.spaceWaiter = nil }
                    return pipeline.spaceWaiter
                }
                waiter?.resume()
            }
            if let snapshot = merged.snapshot {
                // Not fatal: everything is in the journal; a missing snapshot only makes start-up replay more.
                do {
                    let bytes = try ExchangeSnapshot.encode(snapshot)
                    try await store.saveSnapshot(StoredSnapshot(sequence: snapshot.lastSequence, bytes: bytes))
                    pipeline.withLock { $0.snapshotError = nil }
                } catch {
                    pipeline.withLock { $0.snapshotError = "snapshot at \(snapshot.lastSequence): \(error)" }
                }
            }
        }
    }

    /// Waits for queued commits and takes them (up to `limit` entries, at least one commit); `nil` once the
    /// writer is done and everything is journaled.
    private func nextCommits(limit: Int) async -> [PendingCommit]? {
        while true {
            let taken = takeCommits(limit: limit)
            if !taken.isEmpty { return taken }
            let finished = pipeline.withLock { $0.writerDone && $0.commits.isEmpty }
            if finished { return nil }
            await withCheckedContinuation { continuation in
                let ready = pipeline.withLock { pipeline in
                    if !pipeline.commits.isEmpty || pipeline.writerDone { return true }
                    pipeline.journalWaiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        }
    }

    private func takeCommits(limit: Int) -> [PendingCommit] {
        pipeline.withLock { pipeline in
            var count = 0
            var end = 0
            while end < pipeline.commits.count, end == 0 || count + pipeline.commits[end].entries.count <= limit {
                count += pipeline.commits[end].entries.count
                end += 1
            }
            defer { pipeline.commits.removeFirst(end) }
            return Array(pipeline.commits[..<end])
        }
    }

    /// Several writer batches as one commit. A candle or an order changed by two batches is written once, as
    /// the later batch left it.
    static func merge(_ commits: [PendingCommit]) -> PendingCommit {
        guard commits.count > 1 else { return commits.first ?? PendingCommit() }
        struct CandleKey: Hashable {
            var market: MarketCode
            var unit: CandleUnit
            var start: Timestamp
        }
        var merged = PendingCommit()
        var candleSlots: [CandleKey: Int] = [:]
        var orderSlots: [OrderID: Int] = [:]
        struct BalanceSlotKey: Hashable {
            var account: AccountID
            var currency: String
        }
        var balanceSlots: [BalanceSlotKey: Int] = [:]
        for commit in commits {
            for changed in commit.balances {
                let key = BalanceSlotKey(account: changed.account, currency: changed.balance.currency)
                if let slot = balanceSlots[key] {
                    merged.balances[slot] = changed
                } else {
                    balanceSlots[key] = merged.balances.count
                    merged.balances.append(changed)
                }
            }
            merged.entries += commit.entries
            merged.trades += commit.trades
            merged.fills += commit.fills
            merged.transfers += commit.transfers
            merged.auctionBids += commit.auctionBids
            for order in commit.orders {
                if let slot = orderSlots[order.id] {
                    merged.orders[slot] = order
                } else {
                    orderSlots[order.id] = merged.orders.count
                    merged.orders.append(order)
                }
            }
            merged.replies += commit.replies
            for stored in commit.candles {
                let key = CandleKey(market: stored.market, unit: stored.unit, start: stored.candle.start)
                if let slot = candleSlots[key] {
                    merged.candles[slot] = stored
                } else {
                    candleSlots[key] = merged.candles.count
                    merged.candles.append(stored)
                }
            }
            if let snapshot = commit.snapshot { merged.snapshot = snapshot }
        }
        return merged
    }

    /// Answers `replies` and everything still queued or waiting with `failure`, and stops the writer.
    private func fail(_ replies: [(Reply, [CommandResult])], with failure: DurableExchangeError) {
        for (reply, _) in replies { reply(.failure(failure)) }
        let (queued, waiters) = pipeline.withLock { pipeline in
            pipeline.failure = failure
            let queued = pipeline.commits.flatMap(\.replies)
            pipeline.commits.removeAll()
            let waiters = [pipeline.writerWaiter, pipeline.spaceWaiter]
            pipeline.writerWaiter = nil
            pipeline.spaceWaiter = nil
            return (queued, waiters)
        }
        for (reply, _) in queued { reply(.failure(failure)) }
        for waiter in waiters { waiter?.resume() }
    }
}
