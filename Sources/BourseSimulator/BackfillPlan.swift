public import BourseCore

/// When the demo's simulated history happens: sparse far back, dense near now.
///
/// A fresh demo runs the simulator fast over the past so every candle unit has a chart: steps every
/// 2 seconds over the last hour (second and minute candles), every minute over the last 2 days (minute
/// and hour candles), every 10 minutes over the last 30 days (4-hour and day candles) and every 4 hours
/// before that (days, weeks, months, years). Two years come to about 13,000 steps.
public struct BackfillPlan: Sendable, Hashable {
    /// One stretch of history with its own step.
    public struct Band: Sendable, Hashable {
        /// How far back the band reaches.
        public var span: Duration
        /// Time between steps inside it.
        public var step: Duration

        /// Builds it from exactly these parts; nothing is checked or derived here.
        public init(span: Duration, step: Duration) {
            self.span = span
            self.step = step
        }
    }

    /// The bands, nearest first; each starts where the previous one ends.
    public var bands: [Band]

    /// The default plan reaching `days` back (at least a day).
    public init(days: Int) {
        let total = Duration.seconds(Int64(max(days, 1)) * 86_400)
        let wanted: [Band] = [
            Band(span: .seconds(3_600), step: .seconds(2)),
            Band(span: .seconds(2 * 86_400), step: .seconds(60)),
            Band(span: .seconds(30 * 86_400), step: .seconds(600)),
            Band(span: total, step: .seconds(14_400)),
        ]
        var bands: [Band] = []
        for band in wanted {
            bands.append(Band(span: min(band.span, total), step: band.step))
            if band.span >= total { break }
        }
        self.bands = bands
    }

    /// A plan of explicit bands.
    public init(bands: [Band]) {
        self.bands = bands
    }

    /// The step times, oldest first, all before `now`.
    public func times(endingAt now: Timestamp) -> [Timestamp] {
        var times: [Timestamp] = []
        var reached: Int64 = 0
        // Walk from now backwards band by band, then reverse.
        for band in bands {
            let span = band.span.wholeMilliseconds
            let step = max(band.step.wholeMilliseconds, 1)
            var back = max(reached, step)
            while back <= span {
                times.append(Timestamp(milliseconds: now.milliseconds - back))
                back += step
            }
            reached = max(reached, span)
        }
        return times.reversed()
    }
}

extension Duration {
    var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    }
}
