import BourseClient
import BourseCommandSupport
import Foundation

/// What `bourse bench auction` measured, the rules it checked, and its one summary line.
struct AuctionBenchReport {
    var bidders: Int
    var watchers: Int
    var rate: Int
    var sent: Int
    var elapsed: Double
    var bidderCounts: AuctionSocketLoad.BidderCounters
    var watcherCounts: AuctionSocketLoad.WatcherCounters
    /// Frames the watchers had received when the storm's replies were in.
    var watcherFrames: Int
    var item: AuctionItem
    var serverCPU: Int
    var loadCPU: Int

    /// Checks the rules and prints each violation found; returns how many.
    func checkRules() -> Int {
        var problems = watcherCounts.violations
        let answered = bidderCounts.latencies.count
        if answered != sent { problems.append("\(sent - answered) of \(sent) bids got no reply") }
        if watcherCounts.closed + bidderCounts.closed > 0 {
            problems.append(
                "the server closed \(watcherCounts.closed) watchers and \(bidderCounts.closed) bidders (too slow?)")
        }
        if watcherCounts.ended != watchers { problems.append("\(watchers - watcherCounts.ended) watchers saw no end") }
        if watcherCounts.endings.count > 1 {
            problems.append("watchers saw different endings: \(watcherCounts.endings)")
        }
        if item.bidCount != bidderCounts.accepted {
            problems.append("the item counts \(item.bidCount) bids; \(bidderCounts.accepted) were accepted")
        }
        if let expected = expectedOutcome {
            let won = bidderCounts.won
            if won.count != 1 || won[0].0 != expected.bidder || won[0].1 != expected.price {
                problems.append(
                    "won by \(won) where the accepted maxima give bidder \(expected.bidder) at \(expected.price)")
            }
            if item.state.rawValue != "sold" || item.price.rawValue != expected.price {
                problems.append(
                    "the item ended \(item.state.rawValue) at \(item.price); expected sold at \(expected.price)")
            }
        }
        for problem in problems { BourseCommandSupport.Progress.line("violation: \(problem)") }
        return problems.count
    }

    /// The winner (bidder number) and price the accepted bids imply: the highest maximum wins, at the
    /// highest maximum of anyone else plus the 1-won step, capped at its own.
    var expectedOutcome: (bidder: Int, price: Int64)? {
        guard let top = bidderCounts.acceptedBids.max() else { return nil }
        let winner = top % bidders
        let topMaximum = AuctionBenchCommand.maximum(top)
        let others = bidderCounts.acceptedBids.filter { $0 % bidders != winner }.max()
        guard let others else { return (winner, AuctionBenchCommand.startPrice) }
        return (winner, min(topMaximum, AuctionBenchCommand.maximum(others) + 1))
    }

    var line: String {
        let latencies = bidderCounts.latencies.sorted()
        let lags = watcherCounts.lags.sorted()
        func milliseconds(_ nanoseconds: Int64) -> String { String(format: "%.1f", Double(nanoseconds) / 1e6) }
        func lag(_ fraction: Double) -> String { String(format: "%.1f", Double(lags.percentile(fraction)) / 1e3) }
        let refused = bidderCounts.refused.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: ",")
        return "bench auction: bidders=\(bidders) watchers=\(watchers) offered_per_sec=\(rate) "
            + "acked_per_sec=\(Int(Double(latencies.count) / elapsed)) accepted=\(bidderCounts.accepted) "
            + "refused=\(refused.isEmpty ? "0" : refused) ack_p50_ms=\(milliseconds(latencies.percentile(0.5))) "
            + "ack_p99_ms=\(milliseconds(latencies.percentile(0.99))) "
            + "ack_max_ms=\(milliseconds(latencies.last ?? 0)) "
            + "watcher_frames_per_sec=\(Int(Double(watcherFrames) / elapsed)) lag_p50_ms=\(lag(0.5)) "
            + "lag_p99_ms=\(lag(0.99)) final_price=\(item.price) server_cpu=\(serverCPU)% load_cpu=\(loadCPU)%"
    }
}
