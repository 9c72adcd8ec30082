import BourseCore
import BourseToolkit
import Testing

/// The engine against the reference model and the invariants, over seeded random command streams.
///
/// The default run handles 8 × 125,000 = 1,000,000 commands, one seed per test case, plus two determinism
/// runs of 30,000. The cases run one at a time, each on a thread of its own (``OwnThread``): eight at once
/// took most of the two cores from the live-server tests running beside them, which then hit their time
/// limits. ``StateChecker`` says exactly what is
/// checked after each command. A failure names the seed and the command's index; `DifferentialRun(seed:)`
/// followed by `run(commands: index + 1)` replays it.
@Suite("Randomized", .serialized)
struct RandomizedTests {
    static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6, 7, 8]
    static let commandsPerSeed = 125_000

    @Test(arguments: seeds)
    func engineAgreesWithTheReferenceModelAndKeepsItsInvariants(seed: UInt64) async {
        // Off the cooperative pool: eight of these would hold both of its threads for minutes (OwnThread).
        let outcome = await OwnThread.run { () -> Result<[String], DifferentialFailure> in
            var run = DifferentialRun(seed: seed)
            do throws(DifferentialFailure) {
                try run.run(commands: Self.commandsPerSeed)
            } catch {
                return .failure(error)
            }
            return .success(run.coverage.missing)
        }
        switch outcome {
        case .failure(let error):
            // Stop at the first problem: later commands would only repeat it.
            #expect(error.engineEvents == error.modelEvents, "\(error)")
            if error.engineEvents == error.modelEvents { Issue.record("\(error)") }
        case .success(let missing):
            #expect(missing == [], "seed \(seed) never produced these outcomes")
        }
    }

    /// The same commands at the same times give the same events: on a fresh `Exchange`, and on a copy
    /// taken halfway (an `Exchange` is a value; nothing may be shared between copies).
    @Test(arguments: [UInt64(101), 102])
    func replayingTheSameCommandsGivesTheSameEvents(seed: UInt64) async {
        let (problems, surplus) = await OwnThread.run { () -> ([String], Int) in
            let count = 30_000
            let markets = MarketProfile.all.map(\.market)
            var generator = CommandGenerator(seed: seed)
            var model = ReferenceExchange(markets: markets)
            var first = Exchange(markets: markets)
            var fork: Exchange?
            var transcript: [(command: Command, events: [Event])] = []
            for index in 0..<count {
                if index == count / 2 { fork = first }
                let command = generator.next(model)
                _ = model.handle(command, at: DifferentialRun.time(index))
                transcript.append((command, first.handle(command, at: DifferentialRun.time(index))))
            }
            var replay = Exchange(markets: markets)
            for (index, entry) in transcript.enumerated() {
                let events = replay.handle(entry.command, at: DifferentialRun.time(index))
                // The copy only runs the second half.
                let forkEvents =
                    index >= count / 2 ? fork?.handle(entry.command, at: DifferentialRun.time(index)) : entry.events
                guard events == entry.events, forkEvents == entry.events else {
                    let location = "seed \(seed), command #\(index): \(EventFormatter.describe(entry.command))"
                    var problems: [String] = []
                    if events != entry.events { problems.append("fresh replay differs at \(location)") }
                    if forkEvents != entry.events {
                        problems.append("copy taken at #\(count / 2) differs at \(location)")
                    }
                    return (problems, 0)
                }
            }
            return ([], transcript.reduce(0) { $0 + $1.events.count } - count)
        }
        #expect(problems == [])
        #expect(problems != [] || surplus > 0, "the commands produced events")
    }
}
