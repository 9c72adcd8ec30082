import BourseClient
import BourseCore
import Foundation
import Testing

/// The SDK's alerts against a live server: set with exact decimals, listed, fired once into the inbox (heard
/// live on the stream), deleted, and refused with the API's error.
@Suite("SDK alerts against a live server", .timeLimit(.minutes(3)))
struct AlertClientTests {
    typealias A = AuctionStreamClientTests
    typealias N = NotificationClientTests

    @Test func anAlertIsSetListedFiredIntoTheStreamAndDeleted() async throws {
        try await A.withLamp { harness, _, users, item in
            let ann = try #require(users["ann"])
            let (seller, buyer) = try await AlertTests.bots(harness)
            try await AlertTests.trade(at: 90_000_000, harness, seller: seller, buyer: buyer)
            let stream = AuctionStream(client: ann)
            let heard = N.Heard()
            let reading = stream.notifications()
            let tasks = [
                Task { await stream.run() },
                Task { for await update in reading { heard.updates.withLock { $0.append(update) } } },
            ]
            defer { for task in tasks { task.cancel() } }
            _ = try await stream.authenticate()

            let line = try await ann.setAlert(.price(market: "KRW-BTC", price: Decimal(string: "95000000.5")!))
            #expect(line.kind == "price" && line.direction == .above && line.isActive)
            #expect(line.price == Decimal(string: "95000000.5") && line.market == "KRW-BTC")
            let fall = try await ann.setAlert(.changeRate(market: "KRW-BTC", percent: -3))
            #expect(fall.percent == -3 && fall.text == "-3% or less")
            let lamp = try await ann.setAlert(.item(item, price: 5_000, minutes: 5))
            #expect(lamp.item == item && lamp.price == 5_000 && lamp.minutes == 5)

            let listed = try await ann.alerts()
            #expect(listed.alerts.map(\.id) == [lamp.id, fall.id, line.id] && listed.active == 3)
            #expect(listed.maximumActive == 50)

            try await AlertTests.trade(at: 96_000_000, harness, seller: seller, buyer: buyer)
            let updates = try await N.wait(heard) { !$0.isEmpty }
            guard case .added(let notice, let unread) = updates.first else {
                Issue.record("not a new notification: \(updates)")
                return
            }
            #expect(notice.kind == "alert" && unread == 1)
            #expect(notice.text == "KRW-BTC rose to 96,000,000 KRW (your alert: at or above 95,000,000.5 KRW).")
            let after = try await ann.alerts().alerts
            #expect(after.first { $0.id == line.id }?.state == "fired")
            #expect(after.first { $0.id == line.id }?.endedAt != nil)

            try await ann.deleteAlert(fall.id)
            #expect(try await ann.alerts().alerts.map(\.id) == [lamp.id, line.id])
            await #expect(throws: AuctionClientError.self) { try await ann.deleteAlert(fall.id) }
            await #expect(throws: AuctionClientError.self) {
                try await ann.setAlert(.price(market: "KRW-NOPE", price: 1))
            }
        }
    }
}
