import BourseCore

/// The words of alerts: what a fired one says in the inbox, and how a condition reads in a list.
enum AlertText {
    /// "KRW-BTC rose to 100,050,000 KRW (your alert: at or above 100,000,000 KRW)."
    static func fired(_ condition: AlertCondition, _ ticker: TickerSnapshot) -> String {
        let market = ticker.market
        switch condition {
        case .price(_, _, let direction):
            let moved = direction == .above ? "rose to" : "fell to"
            return
                "\(market) \(moved) \(amount(ticker.tradePrice.description, market)) (your alert: \(describe(condition)))."
        case .changeRate:
            return
                "\(market) is \(percent(ticker.signedChangeRate)) since the previous close (your alert: \(describe(condition)))."
        case .value24h:
            let value = ticker.accTradeFunds24h.description
            return "\(market) traded \(amount(whole(value), market)) in 24 hours (your alert: \(describe(condition)))."
        case .item:
            return describe(condition)
        }
    }

    /// What an alert waits for, in a phrase: "at or above 100,000,000 KRW", "+5% or more", ….
    static func describe(_ condition: AlertCondition) -> String {
        switch condition {
        case .price(let market, let price, let direction):
            "at or \(direction.rawValue) \(amount(price.description, market))"
        case .changeRate(_, let rate):
            rate.units >= 0 ? "\(percent(rate)) or more" : "\(percent(rate)) or less"
        case .value24h(let market, let funds):
            "\(amount(funds.description, market)) or more"
        case .item(_, let funds, let minutes):
            "at or under \(NotificationWords.englishWon(funds)), \(minutes) minute\(minutes == 1 ? "" : "s")"
        }
    }

    /// A rate as a signed percentage to two places, exactly: "+5.25%", "-3%".
    static func percent(_ rate: ChangeRate) -> String {
        // 10⁻¹⁰ units: a hundredth of a percent is 10⁶ of them.
        let hundredths = rate.units / 1_000_000
        let sign = rate.units > 0 ? "+" : rate.units < 0 ? "-" : ""
        // Hundredths as 10⁻⁸ units of a percent, spelled with trailing zeros trimmed.
        return sign + DecimalFormatter.format(abs(hundredths) * 1_000_000) + "%"
    }

    /// What a fired exchange alert says, in both languages.
    static func firedWords(_ condition: AlertCondition, _ ticker: TickerSnapshot) -> NotificationWords {
        NotificationWords(english: fired(condition, ticker), korean: firedKorean(condition, ticker))
    }

    /// What a fired item alert says, in both languages: "“Camera” is at 45,000 won with 4 minutes left (your
    /// alert: at or under 50,000 won, 5 minutes)."
    static func firedWords(
        _ condition: AlertCondition, _ item: AuctionItem, title: String?, at now: Timestamp
    ) -> NotificationWords {
        let minutes = item.minutesLeft(at: now)
        let title = NotificationWords.Title(title, item.id)
        return NotificationWords(
            english: "\(title.english) is at \(NotificationWords.englishWon(item.price)) with \(minutes) "
                + "minute\(minutes == 1 ? "" : "s") left (your alert: \(describe(condition))).",
            korean: "\(title.korean) 현재가 \(NotificationWords.koreanWon(item.price)), "
                + "마감 \(minutes)분 전입니다 (알림: \(describeKorean(condition))).")
    }

    /// "KRW-BTC 가격이 100,000,000 KRW로 올랐습니다 (알림: 100,000,000 KRW 이상)."
    static func firedKorean(_ condition: AlertCondition, _ ticker: TickerSnapshot) -> String {
        let market = ticker.market
        switch condition {
        case .price(_, _, let direction):
            let moved = direction == .above ? "올랐습니다" : "내렸습니다"
            return
                "\(market) 가격이 \(amount(ticker.tradePrice.description, market))로 \(moved) (알림: \(describeKorean(condition)))."
        case .changeRate:
            return "\(market) 전일 대비 \(percent(ticker.signedChangeRate))입니다 (알림: \(describeKorean(condition)))."
        case .value24h:
            let value = ticker.accTradeFunds24h.description
            return "\(market) 24시간 거래대금이 \(amount(whole(value), market))입니다 (알림: \(describeKorean(condition)))."
        case .item:
            return describeKorean(condition)
        }
    }

    /// What an alert waits for, in a Korean phrase: "100,000,000 KRW 이상", "+5% 이상", ….
    static func describeKorean(_ condition: AlertCondition) -> String {
        switch condition {
        case .price(let market, let price, let direction):
            "\(amount(price.description, market)) \(direction == .above ? "이상" : "이하")"
        case .changeRate(_, let rate):
            rate.units >= 0 ? "\(percent(rate)) 이상" : "\(percent(rate)) 이하"
        case .value24h(let market, let funds):
            "\(amount(funds.description, market)) 이상"
        case .item(_, let funds, let minutes):
            "\(NotificationWords.koreanWon(funds)) 이하, 마감 \(minutes)분 전"
        }
    }

    /// A decimal amount with its integer part grouped and the market's quote currency: "100,000,000 KRW".
    static func amount(_ decimal: String, _ market: MarketCode) -> String {
        "\(DecimalFormatter.grouped(decimal)) \(market.quote)"
    }

    /// The whole part of a decimal ("1234.5" → "1234").
    static func whole(_ decimal: String) -> String {
        String(decimal.prefix { $0 != "." })
    }
}
