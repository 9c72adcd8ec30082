public import BourseCore

extension CandleUnit {
    /// The unit's name in store tables (`1s`, `1m` … `240m`, `1d`, `1w`, `1M`, `1y`); stable across versions.
    public var storageCode: String {
        switch self {
        case .second: "1s"
        case .day: "1d"
        case .week: "1w"
        case .month: "1M"
        case .year: "1y"
        default: "\(minutes!)m"
        }
    }

    /// The unit named `code` in store tables.
    public init?(storageCode code: String) {
        guard let unit = CandleUnit.allCases.first(where: { $0.storageCode == code }) else { return nil }
        self = unit
    }
}
