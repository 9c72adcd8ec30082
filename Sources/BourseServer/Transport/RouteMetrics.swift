import CoreMetrics
import HTTPTypes
import Synchronization

/// What Hummingbird's `MetricsMiddleware` records for one route, by status: the same labels and
/// dimensions, so `/metrics` reads the same whichever way a request was answered.
final class RouteMetrics: Sendable {
    let route: String
    let method: HTTPRequest.Method
    /// Requests of the method being answered.
    let active: Meter
    private let byStatus = Mutex<[Int: (counter: Counter, timer: CoreMetrics.Timer)]>([:])

    init(route: String, method: HTTPRequest.Method) {
        self.route = route
        self.method = method
        active = Meter(label: "http.server.active_requests", dimensions: [("http.request.method", method.rawValue)])
    }

    /// Counts one answer with `status` that took `nanoseconds`.
    func record(status: HTTPResponse.Status, nanoseconds: UInt64) {
        let (counter, timer) = byStatus.withLock { byStatus in
            if let found = byStatus[status.code] { return found }
            let dimensions = [
                ("http.route", route), ("http.request.method", method.rawValue),
                ("http.response.status_code", status.code.description),
            ]
            let made = (
                Counter(label: "hb.requests", dimensions: dimensions),
                CoreMetrics.Timer(
                    label: "http.server.request.duration", dimensions: dimensions, preferredDisplayUnit: .seconds)
            )
            byStatus[status.code] = made
            return made
        }
        counter.increment()
        timer.recordNanoseconds(Int64(clamping: nanoseconds))
        active.decrement()
    }
}
