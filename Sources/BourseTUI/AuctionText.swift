public import BourseClient
public import Foundation

/// How the auction screens spell money, countdowns, times and states, so the list and the detail agree.
public enum AuctionText {
    /// How close an end is: the list and the detail paint a countdown by it.
    public enum Urgency: Sendable {
        /// Five minutes or more.
        case calm
        /// Under five minutes: a bid now may still be answered.
        case soon
        /// Under a minute: the soft close's window on most items.
        case urgent
    }

    /// Whole won with `,` between thousands (`1,250,000`), exact: won are integers, never rounded.
    public static func won(_ amount: Won) -> String {
        let digits = Array(String(amount.rawValue.magnitude))
        var text = amount.rawValue < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }

    /// The time left as a countdown shows it: `2d 03h`, `1h 02m`, `4:05`, `0:42`.
    public static func countdown(_ left: Duration) -> String {
        let seconds = max(0, left.components.seconds)
        if seconds >= 86_400 { return "\(seconds / 86_400)d \(two((seconds % 86_400) / 3_600))h" }
        if seconds >= 3_600 { return "\(seconds / 3_600)h \(two((seconds % 3_600) / 60))m" }
        return "\(seconds / 60):\(two(seconds % 60))"
    }

    /// The urgency of `left`.
    public static func urgency(_ left: Duration) -> Urgency {
        left < .seconds(60) ? .urgent : left < .seconds(300) ? .soon : .calm
    }

    /// The colour of a countdown: yellow under five minutes, bold red under one.
    public static func tint(_ urgency: Urgency) -> String? {
        switch urgency {
        case .calm: nil
        case .soon: "\u{1B}[33m"
        case .urgent: "\u{1B}[1;31m"
        }
    }

    /// The countdown's text: without colour an urgent one starts with `!`, so that a plain terminal (or a
    /// screen reader) still tells it apart.
    public static func marked(_ text: String, _ urgency: Urgency, colour: Bool) -> String {
        urgency == .urgent && !colour ? "!" + text : text
    }

    /// What the countdown column says for `item` at server time `now`: the time to its effective end while
    /// live, to its opening while scheduled, and its outcome once over.
    public static func clock(_ item: AuctionItem, now: Date) -> (text: String, urgency: Urgency) {
        switch item.state {
        case .live:
            let left = remaining(until: item.effectiveEndsAt, now: now)
            // The server closes a sale within a quarter second of its end; until its answer says so, it is closing.
            return left == .zero ? ("closing", .urgent) : (countdown(left), urgency(left))
        case .scheduled: return ("in " + countdown(remaining(until: item.startsAt, now: now)), .calm)
        case .sold, .unsold, .cancelled: return ("ended", .calm)
        }
    }

    /// The time from `now` to `end`, both server times; zero once passed.
    public static func remaining(until end: Date, now: Date) -> Duration {
        let milliseconds = Int64(((end.timeIntervalSince1970 - now.timeIntervalSince1970) * 1_000).rounded())
        return .milliseconds(max(0, milliseconds))
    }

    /// The time of day in Korea (UTC+9 all year: Korea keeps no daylight saving), `22:47:05`.
    public static func timeOfDay(_ date: Date) -> String {
        let seconds = (Int64(date.timeIntervalSince1970.rounded(.down)) + 9 * 3_600) % 86_400
        return "\(two(seconds / 3_600)):\(two((seconds % 3_600) / 60)):\(two(seconds % 60))"
    }

    /// The reserve as a bidder may know it: only whether it is met.
    public static func reserve(_ reserve: AuctionItem.ReserveState) -> String {
        switch reserve {
        case .none: "-"
        case .notMet: "not met"
        case .met: "met"
        }
    }

    private static func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
