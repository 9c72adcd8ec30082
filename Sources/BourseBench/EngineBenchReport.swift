import BourseWorkloads

/// Text for `bourse bench engine`.
enum EngineBenchReport {
    /// One line on the flow's mix, trading and book.
    static func describe(_ statistics: EngineFlow.Statistics) -> String {
        let total = max(statistics.commands, 1)
        func percent(_ count: Int) -> String { decimal(count * 100, per: total, places: 1) + "%" }
        return """
            flow: \(percent(statistics.limitOrders)) limit, \(percent(statistics.immediateOrCancelOrders)) IOC, \
            \(percent(statistics.cancels)) cancel, \(percent(statistics.replacements)) replace; \
            \(percent(statistics.tradingCommands)) of commands trade (\(statistics.trades) trades); \
            book \(statistics.initialRestingOrders) orders / \(statistics.initialLevels) levels after setup, \
            mean \(statistics.meanRestingOrders) / \(statistics.meanLevels) during the stream \
            (orders \(statistics.restingOrdersRange.lowerBound)-\(statistics.restingOrdersRange.upperBound), \
            levels \(statistics.levelsRange.lowerBound)-\(statistics.levelsRange.upperBound))
            """
    }

    /// `numerator / denominator` as a plain decimal with at most `places` decimals, trailing zeros
    /// trimmed; a non-zero value too small for `places` gets the digits it needs to not read as zero.
    static func decimal(_ numerator: Int, per denominator: Int, places: Int = 6) -> String {
        precondition(numerator >= 0 && denominator > 0)
        var places = places
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        while numerator > 0, numerator * scale / denominator == 0, places < 18 {
            places += 1
            scale *= 10
        }
        let scaled = (numerator * scale + denominator / 2) / denominator
        var fraction = String(scaled % scale)
        fraction = String(repeating: "0", count: places - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        return fraction.isEmpty ? String(scaled / scale) : "\(scaled / scale).\(fraction)"
    }
}
