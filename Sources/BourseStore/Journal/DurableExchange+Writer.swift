import BourseCore

// The writer loop: submissions in, applied batches out to the journal loop.
extension DurableExchange {
    func runWriter() async {
        var events: [Event] = []
        var lastSnapshot = state.withLock { $0.lastSequence }
        while let submissions = await nextSubmissions() {
            await waitForRoom()
            if let failure = pipeline.withLock({ $0.failure }) {
                for submission in submissions { submission.reply(.failure(failure)) }
                continue
            }
            var commit = PendingCommit()
            // One clock reading per batch: the batch's commands happen "at once", in order.
            let time = clock()
            var applied: [(@Sendable ([CommandResult]) -> Void, [CommandResult])] = []
            state.withLock { state in
                var batch = JournalBatch()
                for submission in submissions {
                    var results: [CommandResult] = []
                    results.reserveCapacity(submission.makes.count)
                    for make in submission.makes {
                        let entry =
                            submission.time.map { state.nextEntry(backdatedTo: $0, make) }
                            ?? state.nextEntry(at: time, make)
                        batch.apply(entry, to: &state, events: &events)
                        results.append(CommandResult(entry: entry, events: events))
                    }
                    commit.replies.append((submission.reply, results))
                    if let callback = submission.applied { applied.append((callback, results)) }
                }
                commit.entries = batch.entries
                commit.trades = batch.trades
                commit.orders = batch.orders.records.filter { options.recordsOrders($0.account) }
                commit.fills = batch.orders.fills.filter { options.recordsOrders($0.account) }
                commit.transfers = batch.transfers.filter { options.recordsOrders($0.account) }
                commit.auctionBids = batch.auctionBids
                commit.balances = Self.changedBalances(commit.replies, in: state, recording: options.recordsOrders)
                commit.candles = batch.changedCandles(in: state)
                if state.lastSequence - lastSnapshot >= options.snapshotInterval {
                    commit.snapshot = state
                    lastSnapshot = state.lastSequence
                }
            }
            for (callback, results) in applied { callback(results) }
            enqueue(commit)
        }
        // Graceful stop: a final snapshot, so the next start replays nothing.
        let final = state.withLock { $0 }
        var last = PendingCommit()
        if options.snapshotOnShutdown, final.lastSequence > lastSnapshot { last.snapshot = final }
        enqueue(last, writerDone: true)
    }

    /// The balances that `replies`' events touched, of accounts that `recording` accepts, as `state` has
    /// them right after the batch (so each is exactly what the commit left).
    static func changedBalances(
        _ replies: [(Reply, [CommandResult])], in state: ExchangeState, recording: (AccountID) -> Bool
    ) -> [AccountBalance] {
        var keys: Set<BalanceKey> = []
        for (_, results) in replies {
            for result in results { for event in result.events { event.touchedBalances(into: &keys) } }
        }
        return keys.filter { recording($0.account) }
            .sorted { ($0.account, $0.currency) < ($1.account, $1.currency) }
            .map { key in
                AccountBalance(
                    account: key.account,
                    balance: state.exchange.ledger.balance(of: key.account, key.currency.description))
            }
    }

    /// The submissions waiting, up to about one commit's worth of commands; `nil` once stopping (or
    /// failed) with nothing left to apply.
    private func nextSubmissions() async -> [Submission]? {
        while true {
            let taken: [Submission]?? = pipeline.withLock { pipeline in
                if let failure = pipeline.failure {
                    for submission in pipeline.submissions { submission.reply(.failure(failure)) }
                    pipeline.submissions.removeAll()
                    return .some(nil)
                }
                if !pipeline.submissions.isEmpty {
                    var count = 0
                    var end = 0
                    while end < pipeline.submissions.count, end == 0 || count < options.maximumEntriesPerCommit {
                        count += pipeline.submissions[end].makes.count
                        end += 1
                    }
                    defer { pipeline.submissions.removeFirst(end) }
                    return .some(Array(pipeline.submissions[..<end]))
                }
                return pipeline.stopping ? .some(nil) : .none
            }
            if let taken { return taken }
            await withCheckedContinuation { continuation in
                let ready = pipeline.withLock { pipeline in
                    if !pipeline.submissions.isEmpty || pipeline.stopping || pipeline.failure != nil { return true }
                    pipeline.writerWaiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        }
    }

    /// Waits while too many applied entries await durability.
    private func waitForRoom() async {
        while pipeline.withLock({ $0.inFlightEntries >= options.maximumEntriesInFlight && $0.failure == nil }) {
            await withCheckedContinuation { continuation in
                let ready = pipeline.withLock { pipeline in
                    if pipeline.inFlightEntries < options.maximumEntriesInFlight || pipeline.failure != nil {
                        return true
                    }
                    pipeline.spaceWaiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        }
    }

    private func enqueue(_ commit: PendingCommit, writerDone: Bool = false) {
        let (waiter, failure) = pipeline.withLock {
            pipeline -> (CheckedContinuation<Void, Never>?, DurableExchangeError?) in
            if writerDone { pipeline.writerDone = true }
            // The journal failed after this batch was taken: nothing more will be written, so answer now.
            if let failure = pipeline.failure {
                defer { pipeline.journalWaiter = nil }
                return (pipeline.journalWaiter, failure)
            }
            if commit.snapshot != nil || !commit.entries.isEmpty {
                pipeline.commits.append(commit)
                pipeline.inFlightEntries += commit.entries.count
            }
            defer { pipeline.journalWaiter = nil }
            return (pipeline.journalWaiter, nil)
        }
        if let failure { for (reply, _) in commit.replies { reply(.failure(failure)) } }
        waiter?.resume()
    }
}
