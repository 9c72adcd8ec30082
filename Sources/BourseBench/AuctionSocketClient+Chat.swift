import Foundation

// `bourse bench chat`'s side of the auction socket load: posters send numbered messages (`bench <k>`) and
// time their acknowledgements; members check that every message reaches them once, in the room's order,
// and time each from its intended send time.
extension AuctionSocketLoad {
    /// What the posters saw.
    struct PosterCounters {
        /// Intended-send-to-`chat.sent` times, nanoseconds.
        var latencies: [Int64] = []
        var refused: [String: Int] = [:]
        var closed = 0
    }

    /// What the members saw.
    struct MemberCounters {
        var frames = 0
        /// Intended-send-to-arrival times of the messages, nanoseconds.
        var lags: [Int64] = []
        /// The server's `at` (when it took the post, before storing it) to arrival, milliseconds of the wall
        /// clock: the part of the lag after the poster's frame was read and admitted.
        var afterPost: [Int64] = []
        var closed = 0
        /// Messages a member saw twice, or after a gap in the room's numbers.
        var duplicates = 0
        var gaps = 0
        var violations: [String] = []
    }
}

extension AuctionSocketClient {
    func poster(_ scan: JSONScan, now: Int64) {
        guard let id = scan.integer("id"), id > 0 else { return }
        let (start, interval) = load.chatSchedule.withLock { $0 }
        let latency = now - (start + (id - 1) * interval)
        let refusal = scan.has("error") ? (scan.string("name") ?? "unknown") : nil
        load.posters.withLock { counters in
            counters.latencies.append(latency)
            if let refusal { counters.refused[refusal, default: 0] += 1 }
        }
    }

    func member(_ scan: JSONScan, type: String, now: Int64) {
        guard type == "chat.message", let sequence = scan.integer("seq").map({ UInt64($0) }) else { return }
        var problem: (duplicate: Bool, text: String)?
        if let last = lastSequence, sequence != last + 1 {
            problem = (sequence <= last, "message \(sequence) after \(last)")
        }
        lastSequence = max(lastSequence ?? 0, sequence)
        let number = scan.string("text").flatMap { $0.hasPrefix("bench ") ? Int64($0.dropFirst(6)) : nil }
        let (start, interval) = load.chatSchedule.withLock { $0 }
        let afterPost = scan.integer("at").map { Int64(Date().timeIntervalSince1970 * 1_000) - $0 }
        load.members.withLock { counters in
            counters.frames += 1
            if let number { counters.lags.append(now - (start + (number - 1) * interval)) }
            if let afterPost { counters.afterPost.append(afterPost) }
            if let problem {
                if problem.duplicate { counters.duplicates += 1 } else { counters.gaps += 1 }
                if counters.violations.count < 20 { counters.violations.append("member \(index): \(problem.text)") }
            }
        }
    }
}
