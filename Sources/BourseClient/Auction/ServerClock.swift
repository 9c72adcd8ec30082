public import Foundation

/// The difference between the server's clock and this device's, learnt from the `server_time` of answers.
///
/// A countdown to an item's end must count on the server's clock (the server closes the sale), but a phone's
/// clock can be off by seconds. Each answer gives a sample, server time minus the local time it arrived;
/// samples are smoothed (an exponential average, a quarter of each new one) so one slow answer does not make
/// a countdown jump. Pure: times are passed in.
public struct ServerClock: Hashable, Sendable {
    /// Server time minus local time, in milliseconds; 0 until the first sample.
    public private(set) var offsetMilliseconds: Int64 = 0
    /// How many samples were taken.
    public private(set) var samples: Int = 0

    /// A clock with no samples (no offset).
    public init() {}

    /// Takes the sample of an answer the server wrote at `serverTime` that arrived at `received`.
    public mutating func observe(serverTime: Date, received: Date) {
        let sample = AuctionTime.milliseconds(serverTime) - AuctionTime.milliseconds(received)
        // The first sample is all there is; later ones move the average a quarter of the way.
        offsetMilliseconds = samples == 0 ? sample : offsetMilliseconds + (sample - offsetMilliseconds) / 4
        samples += 1
    }

    /// The server's time when the device's clock reads `local`.
    public func serverNow(at local: Date = Date()) -> Date {
        local.addingTimeInterval(TimeInterval(offsetMilliseconds) / 1_000)
    }

    /// How long until `end` (a server time, such as ``AuctionItem/effectiveEndsAt``) when the device's clock
    /// reads `local`; zero once it has passed.
    public func remaining(until end: Date, at local: Date = Date()) -> Duration {
        let milliseconds = AuctionTime.milliseconds(end) - AuctionTime.milliseconds(serverNow(at: local))
        return .milliseconds(max(0, milliseconds))
    }
}
