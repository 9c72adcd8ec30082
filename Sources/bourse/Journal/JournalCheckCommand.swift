import ArgumentParser
import BourseCommandSupport
import BourseCore
import BourseStore
import Foundation

/// `bourse journal check`: replays the whole journal from the first entry and checks it.
///
/// It proves four things about a data directory: every record is whole (checksums, consecutive
/// sequences, nothing after the last commit), start-up recovery (snapshot + the journal after it) reaches
/// exactly the state a full replay does, that state keeps the ledger's invariants, and the stored order
/// history agrees with it (every order stored as open is held by the engine with the same record, every
/// order the engine holds for an account is stored, every order's figures are the sums of its fills).
struct JournalCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Replay the whole journal and check records, recovery, ledger invariants and order history.",
        discussion: """
            Prints one summary line: journal check: entries=<n> records=<n> snapshot=<seq|none> \
            recovery=<same|DIFFERENT> violations=<n>. Exits with status 1 if anything is wrong. With --dump, \
            every entry and its events are printed first as JSON lines, like `bourse ingest` answers.
            """
    )

    @OptionGroup var storage: StoreOptions

    @Flag(help: "Print every journal entry and its events as JSON lines.")
    var dump = false

    @Option(help: "With --dump, print only the entries after this sequence (everything is still replayed).")
    var after: UInt64 = 0

    func run() async throws {
        let location = try await storage.resolve()
        let sound = try await location.withStore { store in try await check(store) }
        if !sound { throw ExitCode.failure }
    }

    /// Checks the store's journal and prints the summary; `false` if anything is wrong.
    private func check(_ store: any Store) async throws -> Bool {
        let markets = MarketListing.markets
        var state = ExchangeState(markets: markets, marketData: MarketData.durable)
        let output = LineWriter()
        let replayed = try await DurableExchange.replay(from: store, into: &state) { entry, events in
            guard dump, entry.sequence > after else { return }
            output.write(
                IngestAnswer(
                    sequence: entry.sequence, command: String(describing: entry.command),
                    events: events.map { String(describing: $0) }))
        }
        let records = replayed.records
        let (recovered, report) = try await DurableExchange.recover(from: store, markets: markets)
        let same = recovered == state
        let violations = state.exchange.auditViolations() + (try await store.orderViolations(against: state))
        for violation in violations { Progress.line("violation: \(violation)") }
        print(
            "journal check: entries=\(state.lastSequence) records=\(records) "
                + "snapshot=\(report.snapshotSequence.map(String.init) ?? "none") "
                + "recovery=\(same ? "same" : "DIFFERENT") violations=\(violations.count)")
        return same && violations.isEmpty
    }
}
