import BourseCore

/// How often each kind of outcome happened in a run, so the suite can insist that the generator reaches
/// every rejection, every cancel reason and every self-trade mode (a run that never reaches one would
/// pass without checking it).
struct EventCoverage {
    private(set) var counts: [String: Int] = [:]

    /// The outcomes every run of the default length must reach at least once.
    static let required: [String] = {
        let rejections: [Rejection] = [
            .marketNotFound, .marketOffline, .createError(.bid), .createError(.ask), .invalidPrice(.bid),
            .invalidPrice(.ask), .invalidPostOnly, .underMinTotal(.bid), .underMinTotal(.ask),
            .insufficientFunds(.bid), .insufficientFunds(.ask), .invalidFunds, .duplicatedIdentifier, .orderNotFound,
        ]
        let reasons: [CancelReason] = [
            .requested, .replaced, .immediateOrCancel, .fillOrKill, .postOnly, .selfTradePrevention, .noLiquidity,
            .dust,
        ]
        let rejected: [String] = rejections.map { "rejected \($0)" }
        let cancelled: [String] = reasons.map { "cancelled \($0.rawValue)" }
        let prevented: [String] = SelfTradePrevention.allCases.map { "prevented \($0.rawValue)" }
        return rejected + cancelled + prevented
            + [
                "traded", "traded for zero funds", "rested", "done", "deposited", "rejected deposit",
                "marketStateChanged",
            ]
    }()

    /// Counts one command's events.
    mutating func record(_ events: [Event]) {
        for event in events {
            switch event {
            case .accepted(let accepted): add("accepted \(accepted.request.type) \(accepted.request.side)")
            case .rejected(let rejected):
                if case .deposit = rejected.command {
                    add("rejected deposit")
                } else {
                    add("rejected \(rejected.reason)")
                }
            case .traded(let trade): add(trade.funds.isZero ? "traded for zero funds" : "traded")
            case .prevented(let prevented): add("prevented \(prevented.mode.rawValue)")
            case .rested: add("rested")
            case .done: add("done")
            case .cancelled(let cancelled): add("cancelled \(cancelled.reason.rawValue)")
            case .deposited: add("deposited")
            case .marketStateChanged: add("marketStateChanged")
            case .withdrawal, .coinDeposit: add("transfer")
            case .auction: add("auction")
            }
        }
    }

    /// The required outcomes that never happened.
    var missing: [String] { Self.required.filter { counts[$0] == nil } }

    private mutating func add(_ key: String) { counts[key, default: 0] += 1 }
}
