public import BourseUpbit

/// A request's rate-limit group and the limiter's verdict on it: what `Remaining-Req` reports.
public struct RateLimitVerdict: Sendable {
    /// Upbit's group of the route.
    public var group: RateLimitGroup
    /// The limiter's answer for this request.
    public var decision: RateLimiter.Decision
}
