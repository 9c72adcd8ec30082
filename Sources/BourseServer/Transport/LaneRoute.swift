import BourseAuth
import Dispatch
import HTTPTypes
import NIOCore
import NIOHTTP1

/// A route answered on the event loop that read its request (``HTTPLane``, ADR 0020) instead of through
/// Hummingbird's router, for a request plain enough to take there; everything else goes to the router.
protocol LaneRoute: Sendable {
    /// Whether this route takes a request with `head`, decided before its body is read (at most
    /// ``HTTPLane/maximumBodyBytes`` of it, as `Content-Length` says).
    func accepts(_ head: HTTPRequestHead) -> Bool

    /// Answers the request through `reply` (at once, or later from another thread) and returns true; or
    /// returns false having done nothing (no nonce, rate budget or state used), leaving it to the router.
    func take(_ head: HTTPRequestHead, body: ByteBuffer, remote: SocketAddress?, reply: @escaping LaneReply) -> Bool
}

/// How a lane's answer reaches its connection: a closure that makes it, run where it is written (the event
/// loop), so a commit's thread only hands it over.
typealias LaneReply = @Sendable (@escaping @Sendable () -> (HTTPResponseHead, ByteBuffer)) -> Void

/// What every lane answer gets on its way out, as the router's would: `Date` and `Server` as Hummingbird
/// adds them, and the metrics of ``UpbitFallbackMiddleware`` and Hummingbird's `MetricsMiddleware`.
struct LaneResponder: Sendable {
    let metrics: ServerMetrics
    /// The `Server` header (the application's server name).
    let serverName: String?
    let dates = HTTPDate()

    /// Counts a request of `route` taken now, and returns how its answer goes out through `reply`: a closure
    /// that makes it where it is written, which then gets the router's head and the request's metrics.
    func answering(
        _ route: RouteMetrics, version: HTTPVersion, through reply: @escaping LaneReply
    ) -> @Sendable (@escaping @Sendable () -> UpbitReply) -> Void {
        let started = DispatchTime.now().uptimeNanoseconds
        metrics.answeredOnEventLoop(route: route.route)
        route.active.increment()
        return { make in
            reply {
                let answer = make()
                return (head(answer, version: version, started: started, route: route), answer.body)
            }
        }
    }

    /// The head of `reply` for a request of `version` that arrived at `started` (`DispatchTime` ns), counted
    /// in `route`'s metrics.
    private func head(
        _ reply: UpbitReply, version: HTTPVersion, started: UInt64, route: RouteMetrics
    )
        -> HTTPResponseHead
    {
        var fields = reply.headers
        fields[.date] = dates.now
        if let serverName { fields[.server] = serverName }
        var headers = HTTPHeaders()
        headers.reserveCapacity(fields.count)
        for field in fields { headers.add(name: field.name.rawName, value: field.value) }
        let elapsed = DispatchTime.now().uptimeNanoseconds &- started
        metrics.requests.increment()
        if reply.status.code >= 400 { metrics.failedRequests.increment() }
        metrics.requestDuration.recordNanoseconds(Int64(clamping: elapsed))
        route.record(status: reply.status, nanoseconds: elapsed)
        return HTTPResponseHead(
            version: version,
            status: HTTPResponseStatus(statusCode: reply.status.code, reasonPhrase: reply.status.reasonPhrase),
            headers: headers)
    }
}

extension HTTPRequestHead {
    /// Whether a lane may take this request as far as its framing goes: HTTP/1.1, `method`, no `Origin` or
    /// cookie (a browser's: CORS and sessions are the router's), no `Expect`, chunked body, upgrade or
    /// close, at most one `Content-Type` and one `Content-Length` of at most `maximumBody` bytes, and one
    /// `Authorization` if `signed` (a JWT: it has dots) or none otherwise. One pass over the fields, names
    /// compared as bytes: this runs for every request.
    func isPlain(_ method: HTTPMethod, signed: Bool, maximumBody: Int) -> Bool {
        guard self.method == method, version == .http1_1 else { return false }
        var lengths = 0
        var authorizations = 0
        var contentTypes = 0
        for (name, value) in headers {
            switch name.utf8.count {
            case 14 where name.equalsASCIILowercased("content-length"):
                guard let length = Int(value), length <= maximumBody else { return false }
                lengths += 1
            case 13 where name.equalsASCIILowercased("authorization"):
                guard signed, value.utf8.contains(UInt8(ascii: ".")) else { return false }
                authorizations += 1
            case 12 where name.equalsASCIILowercased("content-type"):
                contentTypes += 1
            case 10 where name.equalsASCIILowercased("connection"):
                if value.containsASCIILowercased("close") { return false }
            case 7 where name.equalsASCIILowercased("upgrade"),
                17 where name.equalsASCIILowercased("transfer-encoding"),
                6
            where name.equalsASCIILowercased("origin") || name.equalsASCIILowercased("cookie")
                || name.equalsASCIILowercased("expect"):
                return false
            default:
                continue
            }
        }
        return lengths <= 1 && contentTypes <= 1 && (signed ? authorizations == 1 && lengths == 1 : true)
    }
}
