import BourseCore

/// One seeded run: the same generated commands go to the engine and to the reference model; after each,
/// the events must be equal and ``StateChecker`` must find nothing wrong.
struct DifferentialRun {
    /// How often the checker re-reads everything from scratch.
    static let fullCheckInterval = 1_000
    /// When the first command happens; each later one is a millisecond after the previous.
    static let startTime: Int64 = 1_767_225_600_000

    let seed: UInt64
    private(set) var exchange: Exchange
    private(set) var model: ReferenceExchange
    private(set) var generator: CommandGenerator
    private var checker: StateChecker
    private(set) var coverage = EventCoverage()
    /// Commands handled so far.
    private(set) var handled = 0

    init(seed: UInt64, profiles: [MarketProfile] = MarketProfile.all) {
        self.seed = seed
        let markets = profiles.map(\.market)
        exchange = Exchange(markets: markets)
        model = ReferenceExchange(markets: markets)
        generator = CommandGenerator(seed: seed, profiles: profiles)
        checker = StateChecker(
            codes: markets.map(\.code), accounts: generator.accounts + [CommandGenerator.unfunded],
            currencies: MarketProfile.currencies + [CommandGenerator.strayCurrency])
    }

    /// When the command at `index` happens.
    static func time(_ index: Int) -> Timestamp { Timestamp(milliseconds: startTime + Int64(index)) }

    /// Handles `commands` more commands; throws at the first disagreement or broken invariant.
    mutating func run(commands: Int) throws(DifferentialFailure) {
        for _ in 0..<commands {
            let command = generator.next(model)
            let time = Self.time(handled)
            let engineEvents = exchange.handle(command, at: time)
            let modelEvents = model.handle(command, at: time)
            func failure(_ problem: String) -> DifferentialFailure {
                DifferentialFailure(
                    seed: seed, index: handled, command: command, engineEvents: engineEvents, modelEvents: modelEvents,
                    problem: problem)
            }
            guard engineEvents == modelEvents else { throw failure("the engine's events differ from the model's") }
            coverage.record(engineEvents)
            if let problem = checker.afterCommand(engineEvents, exchange: exchange, model: model) {
                throw failure(problem)
            }
            handled += 1
            if handled % Self.fullCheckInterval == 0 || handled == commands,
                let problem = checker.fullCheck(exchange: exchange, model: model)
            {
                throw failure("full check: " + problem)
            }
        }
    }
}
