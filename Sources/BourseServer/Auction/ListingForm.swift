import BourseCore
import Foundation

/// The fields of `POST /auction/v1/items`, checked one by one with an error that names the field.
struct ListingForm {
    var title: String
    var description: String
    var category: String
    var startPrice: Funds
    var reservePrice: Funds?
    var buyNowPrice: Funds?
    var startsAt: Timestamp
    var endsAt: Timestamp
    var softCloseSeconds: Int64
    var extensionSeconds: Int64
    var hardEndAt: Timestamp?
    var increments: IncrementTable

    init(_ fields: [String: String], now: Timestamp) throws {
        func text(
            _ name: String, _ range: ClosedRange<Int>, default value: String? = nil, lineBreaks: Bool = false
        ) throws -> String {
            var found = (fields[name] ?? value ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            if lineBreaks {
                found = found.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            }
            guard range.contains(found.count) else {
                throw AuctionError.invalidParameter(
                    "\(name) must have \(range.lowerBound)–\(range.upperBound) characters.")
            }
            if let problem = UserText.problem(in: found, name, lineBreaks: lineBreaks) {
                throw AuctionError.invalidParameter(problem)
            }
            return found
        }
        func money(_ name: String) throws -> Funds? {
            guard let value = fields[name], !value.isEmpty else { return nil }
            guard let funds = AuctionMoney.funds(value) else {
                throw AuctionError.invalidParameter("\(name) must be a whole number of won, from 1 to 10,000,000,000.")
            }
            return funds
        }
        func seconds(_ name: String, default value: Int64) throws -> Int64 {
            guard let text = fields[name], !text.isEmpty else { return value }
            guard let seconds = Int64(text), (0...86_400).contains(seconds) else {
                throw AuctionError.invalidParameter("\(name) must be a number of seconds from 0 to 86400.")
            }
            return seconds
        }
        title = try text("title", 1...120)
        description = try text("description", 0...5_000, default: "", lineBreaks: true)
        category = try text("category", 1...40, default: "other").lowercased()
        guard let start = try money("start_price") else {
            throw AuctionError.invalidParameter("start_price is missing: the lowest first bid, in won.")
        }
        startPrice = start
        reservePrice = try money("reserve_price")
        buyNowPrice = try money("buy_now_price")
        startsAt = try Self.time(fields["starts_at"], name: "starts_at") ?? now
        guard abs(startsAt.milliseconds - now.milliseconds) <= Self.longestWait * 1_000 else {
            throw AuctionError.invalidParameter("starts_at must be within 30 days of now.")
        }
        if let end = try Self.time(fields["ends_at"], name: "ends_at") {
            if let duration = fields["duration_seconds"], !duration.isEmpty {
                throw AuctionError.invalidParameter("Give ends_at or duration_seconds, not both.")
            }
            endsAt = end
        } else if let duration = fields["duration_seconds"], !duration.isEmpty {
            guard let seconds = Int64(duration), (60...Self.longestWait).contains(seconds) else {
                throw AuctionError.invalidParameter("duration_seconds must be from 60 to 2592000 (30 days).")
            }
            endsAt = Timestamp(milliseconds: startsAt.milliseconds + seconds * 1_000)
        } else {
            throw AuctionError.invalidParameter("Give ends_at or duration_seconds.")
        }
        softCloseSeconds = try seconds("soft_close_seconds", default: 120)
        extensionSeconds = try seconds("extension_seconds", default: 120)
        hardEndAt = try Self.time(fields["hard_end_at"], name: "hard_end_at")
        increments = try Self.increments(fields["increments"])
        guard endsAt > startsAt, endsAt > now else {
            throw AuctionError.invalidParameter("ends_at must be after starts_at and in the future.")
        }
        // No shortest sale for ends_at (tests and flash sales end within a minute); the longest is
        // duration_seconds' too.
        guard endsAt.milliseconds - max(startsAt, now).milliseconds <= Self.longestWait * 1_000 else {
            throw AuctionError.invalidParameter("ends_at must be at most 30 days after the sale starts.")
        }
        if let reservePrice, reservePrice < startPrice {
            throw AuctionError.invalidParameter("reserve_price must not be below start_price.")
        }
        if let buyNowPrice, buyNowPrice <= startPrice || buyNowPrice < (reservePrice ?? .zero) {
            throw AuctionError.invalidParameter("buy_now_price must be above start_price and not below reserve_price.")
        }
        if let hardEndAt, hardEndAt < endsAt {
            throw AuctionError.invalidParameter("hard_end_at must not be before ends_at.")
        }
        if let hardEndAt, hardEndAt.milliseconds - endsAt.milliseconds > Self.longestWait * 1_000 {
            throw AuctionError.invalidParameter("hard_end_at must be at most 30 days after ends_at.")
        }
    }

    func terms(seller: AccountID) -> ItemTerms {
        ItemTerms(
            seller: seller, startPrice: startPrice, reservePrice: reservePrice, buyNowPrice: buyNowPrice,
            startsAt: startsAt, endsAt: endsAt, softCloseSeconds: softCloseSeconds, extensionSeconds: extensionSeconds,
            hardEndAt: hardEndAt, increments: increments)
    }

    /// The item's own increment table (the contract: "an item may carry its own"), written as
    /// `bound:step` bands in ascending order and a last bare step for prices from the last bound up:
    /// `10000:100,100000:1000,5000`; a single number is a flat step. Absent, the standard table.
    static func increments(_ text: String?) throws -> IncrementTable {
        guard let text, !text.isEmpty else { return .standard }
        let problem = AuctionError.invalidParameter(
            "increments must be bound:step bands in ascending order and a last step, e.g. 10000:100,100000:1000,5000 "
                + "(whole won, at most \(IncrementTable.maximumBands) bands).")
        var parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard let last = parts.popLast(), let top = AuctionMoney.funds(last) else { throw problem }
        let bands = try parts.map { part -> IncrementTable.Band in
            let pair = part.split(separator: ":", omittingEmptySubsequences: false)
            guard pair.count == 2, let bound = AuctionMoney.funds(String(pair[0])),
                let step = AuctionMoney.funds(String(pair[1]))
            else { throw problem }
            return IncrementTable.Band(below: bound, step: step)
        }
        let table = IncrementTable(bands: bands, topStep: top)
        guard table.isValid else { throw problem }
        return table
    }

    /// Seconds a sale may be scheduled ahead, last (as `duration_seconds`), and be extended past `ends_at`
    /// at most, and lie in the past at the start: 30 days each. So every time of a listing is within 90 days
    /// of now, and no arithmetic on them (an end plus an extension, a time printed in KST) can overflow.
    static let longestWait: Int64 = 30 * 86_400

    /// Epoch milliseconds, or ISO-8601 with an offset (`2026-11-26T18:00:00+09:00`).
    static func time(_ text: String?, name: String) throws -> Timestamp? {
        guard let text, !text.isEmpty else { return nil }
        if let milliseconds = Int64(text), milliseconds > 0 { return Timestamp(milliseconds: milliseconds) }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) {
            return Timestamp(milliseconds: Int64(date.timeIntervalSince1970 * 1_000))
        }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) {
            return Timestamp(milliseconds: Int64(date.timeIntervalSince1970 * 1_000))
        }
        throw AuctionError.invalidParameter("\(name) must be epoch milliseconds or ISO-8601 with an offset.")
    }
}
