extension MarketBoard {
    // MARK: - Output

    /// The rows the settings select, in their order, with the diff from the previous snapshot; changes
    /// absorbed until now count as published.
    public mutating func snapshot() -> BoardSnapshot {
        if matching == nil { matching = match() }
        let order = ordered(visible())
        var diff = Self.diff(from: shown, to: order, marketCount: markets.count + ghostCodes.count, changed: changed)
        ghostCodes = []
        diff.isInitial = !hasPublished
        for slot in changedList { changed[slot] = false }
        changedList.removeAll(keepingCapacity: true)
        shown = order
        hasPublished = true
        needsResort = false
        let rows = order.map {
            BoardRow(market: markets[$0], ticker: tickers[$0], isFavourite: favourites.contains(markets[$0].code))
        }
        return BoardSnapshot(rows: rows, diff: diff, settings: settings, updatesAbsorbed: updatesAbsorbed)
    }

    private func match() -> [Int] {
        let query = MarketSearchQuery(settings.query)
        return markets.indices.filter { slot in
            let market = markets[slot]
            switch settings.tab {
            case .quote(let quote): guard market.quote == quote else { return false }
            case .favourites: guard favourites.contains(market.code) else { return false }
            }
            return searchKeys[slot].matches(query)
        }
    }

    private func visible() -> [Int] {
        let minimum = settings.minimumTradedValue
        guard minimum > 0, let matching else { return matching ?? [] }
        return matching.filter { (tickers[$0]?.accTradePrice24h ?? 0) >= minimum }
    }

    private func ordered(_ visible: [Int]) -> [Int] {
        if settings.stableOrder && !needsResort && hasPublished {
            // Keep the shown order; rows that appear go to the end, sorted among themselves.
            var isVisible = [Bool](repeating: false, count: markets.count)
            for slot in visible { isVisible[slot] = true }
            var wasShown = [Bool](repeating: false, count: markets.count)
            var order = shown.filter { slot in
                guard slot < markets.count else { return false }  // delisted
                wasShown[slot] = true
                return isVisible[slot]
            }
            order += sorted(visible.filter { !wasShown[$0] })
            return order
        }
        return sorted(visible)
    }

    private func sorted(_ slots: [Int]) -> [Int] {
        guard let sort = settings.sort else { return slots }
        let descending = sort.direction == .descending
        // Rows without a ticker go last either way; ties keep the listing order, so equal values never
        // swap places between snapshots.
        func value(_ slot: Int) -> Double? {
            switch sort.key {
            case .price: tickers[slot]?.tradePrice
            case .changeRate: tickers[slot]?.signedChangeRate
            case .tradedValue: tickers[slot]?.accTradePrice24h
            case .name: Double(settings.names == .korean ? koreanRank[slot] : englishRank[slot])
            }
        }
        let keyed = slots.map { (value: value($0), slot: $0) }
        return keyed.sorted { left, right in
            switch (left.value, right.value) {
            case (let l?, let r?):
                if l != r { return descending ? l > r : l < r }
                return left.slot < right.slot
            case (.some, .none): return true
            case (.none, .some): return false
            case (.none, .none): return left.slot < right.slot
            }
        }.map(\.slot)
    }
}
