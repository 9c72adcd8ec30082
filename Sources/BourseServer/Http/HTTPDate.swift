import Foundation
import Synchronization

/// The `Date` header's value (RFC 9110's IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`), made once a second:
/// what Hummingbird's own date cache gives every routed answer, for answers written outside the router.
final class HTTPDate: Sendable {
    private let cached = Mutex<(second: Int, text: String)>((-1, ""))

    /// The value for this second.
    var now: String {
        let second = Int(Date().timeIntervalSince1970)
        if let text = cached.withLock({ $0.second == second ? $0.text : nil }) { return text }
        let text = Self.format(second)
        cached.withLock { $0 = (second, text) }
        return text
    }

    private static let days = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `second` (since 1970, UTC) as IMF-fixdate.
    static func format(_ second: Int) -> String {
        var time = time_t(second)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let day = days[(second / 86_400 % 7 + 7) % 7]
        return
            "\(day), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
