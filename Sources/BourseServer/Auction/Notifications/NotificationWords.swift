import BourseCore
import BourseStore

/// The sentence of each kind of notification, in English and in Korean: the store keeps both (`text`,
/// `text_ko`), and a client shows the one of its language. One function per sentence, so the two languages
/// cannot drift apart in what they say.
struct NotificationWords: Equatable {
    var english: String
    var korean: String

    /// An item's title in quotes (「」 in Korean), or its number when its listing is not known.
    struct Title {
        var english: String
        var korean: String

        init(_ title: String?, _ item: ItemID) {
            english = title.map { "“\($0)”" } ?? "item \(item.rawValue)"
            korean = title.map { "「\($0)」" } ?? "\(item.rawValue)번 물품"
        }
    }

    /// "10,000 won": money in an English sentence.
    static func englishWon(_ funds: Funds) -> String { DecimalFormatter.grouped(String(funds.wholeWon)) + " won" }

    /// "10,000원": money in a Korean sentence.
    static func koreanWon(_ funds: Funds) -> String { DecimalFormatter.grouped(String(funds.wholeWon)) + "원" }

    static func outbid(_ title: Title, price: Funds, maximum: Funds) -> Self {
        Self(
            english: "You were outbid on \(title.english): the price is \(englishWon(price)), "
                + "above your maximum of \(englishWon(maximum)).",
            korean: "\(title.korean)에서 상회 입찰되었습니다: 현재가 \(koreanWon(price))으로 내 최대 입찰가 \(koreanWon(maximum))을 넘었습니다.")
    }

    static func won(_ title: Title, price: Funds) -> Self {
        Self(
            english: "You won \(title.english) for \(englishWon(price)).",
            korean: "\(title.korean) 경매에서 \(koreanWon(price))에 낙찰받았습니다.")
    }

    static func sold(_ title: Title, price: Funds) -> Self {
        Self(
            english: "\(title.english) sold for \(englishWon(price)).",
            korean: "\(title.korean) 경매가 \(koreanWon(price))에 낙찰되었습니다.")
    }

    static func unsoldWithoutBids(_ title: Title) -> Self {
        Self(english: "\(title.english) ended unsold: nobody bid.", korean: "\(title.korean) 경매가 입찰 없이 유찰되었습니다.")
    }

    static func unsoldUnderReserve(_ title: Title) -> Self {
        Self(
            english: "\(title.english) ended unsold: the reserve was not met.",
            korean: "\(title.korean) 경매가 최저 낙찰가에 미치지 못해 유찰되었습니다.")
    }

    static func lostWithoutSale(_ title: Title) -> Self {
        Self(english: "\(title.english) ended without a sale.", korean: "\(title.korean) 경매가 낙찰 없이 끝났습니다.")
    }

    static func lost(_ title: Title, price: Funds) -> Self {
        Self(
            english: "\(title.english) sold to another bidder for \(englishWon(price)).",
            korean: "\(title.korean) 경매에서 다른 입찰자가 \(koreanWon(price))에 낙찰받았습니다.")
    }

    static func reserveMetForSeller(_ title: Title) -> Self {
        Self(
            english: "The reserve of \(title.english) is met: it will sell.",
            korean: "\(title.korean) 경매가 최저 낙찰가에 도달했습니다: 마감되면 판매됩니다.")
    }

    static func reserveMet(_ title: Title) -> Self {
        Self(english: "The reserve of \(title.english) is met.", korean: "\(title.korean) 경매가 최저 낙찰가에 도달했습니다.")
    }

    static func extended(_ title: Title) -> Self {
        Self(
            english: "\(title.english) went into extra time: late bids now extend its end.",
            korean: "\(title.korean) 경매가 연장 구간에 들어갔습니다: 이제 늦게 들어온 입찰마다 마감이 연장됩니다.")
    }

    static func endingSoon(_ title: Title, minutes: Int64) -> Self {
        Self(
            english: "\(title.english) ends in \(minutes) minute\(minutes == 1 ? "" : "s").",
            korean: "\(title.korean) 경매가 \(minutes)분 뒤 마감됩니다.")
    }

    static func filled(_ market: MarketCode) -> Self {
        Self(english: "Your order on \(market) was filled.", korean: "\(market) 주문이 체결되었습니다.")
    }

    /// Who wrote in a room, where, about what; never the words (a moderator's deletion must not leave them
    /// in inboxes).
    enum Chat {
        /// In a private room, to the other party.
        case privately
        /// In the public thread, someone asking the seller.
        case asked
        /// In the public thread, the seller answering.
        case answered
    }

    static func chat(_ chat: Chat, from who: String, seller: Bool, _ title: Title) -> Self {
        // In the public thread the seller is named by role, as the thread shows them.
        let byRole = seller && chat != .privately
        let englishWho = byRole ? "The seller" : who
        let koreanSubject = byRole ? "판매자가" : "\(who)님이"
        switch chat {
        case .privately:
            return Self(
                english: "\(englishWho) wrote to you about \(title.english) privately.",
                korean: "\(koreanSubject) \(title.korean)에 대해 비공개 메시지를 보냈습니다.")
        case .asked:
            return Self(
                english: "\(englishWho) asked about \(title.english) in its questions.",
                korean: "\(koreanSubject) \(title.korean)에 대해 문의했습니다.")
        case .answered:
            return Self(
                english: "\(englishWho) answered you about \(title.english) in its questions.",
                korean: "\(koreanSubject) \(title.korean) 문의에 답했습니다.")
        }
    }
}

extension StoredNotification {
    /// A notification saying `words` (both languages).
    init(
        account: AccountID, kind: String, item: ItemID? = nil, room: String? = nil, words: NotificationWords,
        at time: Timestamp
    ) {
        self.init(
            account: account, kind: kind, item: item, room: room, text: words.english, koreanText: words.korean,
            at: time)
    }
}

extension AuctionItem {
    /// Whole minutes left until the effective end at `now`, rounded up and at least 1: what a notice says
    /// ("ends in 1 minute" until the very end).
    func minutesLeft(at now: Timestamp) -> Int64 {
        max(1, (max(0, effectiveEndsAt.milliseconds - now.milliseconds) + 59_999) / 60_000)
    }
}
