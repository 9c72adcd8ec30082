import BourseClient
import BourseTUI
import Foundation
import Synchronization

/// The board's alerts as `bourse board --user` carries them out: sets and deletes what the screen asks
/// (``BoardAlerts/Request``), reloads the user's list after each, and listens on an auction socket for the
/// inbox entries of alerts that fire. What it learns waits in ``drain()`` for the board's loop.
final class BoardAlertsLink: Sendable {
    let client: AuctionClient
    let stream: AuctionStream
    private let updates = Mutex<[AlertsUpdate]>([])

    /// A link for `client` (signed in); `stream` is that client's socket.
    init(client: AuctionClient, stream: AuctionStream) {
        self.client = client
        self.stream = stream
    }

    /// What was learnt since the last call.
    func drain() -> [AlertsUpdate] {
        updates.withLock { updates in
            defer { updates = [] }
            return updates
        }
    }

    /// Loads the list, then hears fired alerts until cancelled (the socket reconnects by itself).
    func run() async {
        await reload()
        let notices = stream.notifications()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [stream] in await stream.run() }
            group.addTask { [stream] in _ = try? await stream.authenticate() }
            group.addTask {
                for await notice in notices {
                    guard case .added(let entry, _) = notice, entry.kind == "alert" else { continue }
                    self.say(entry.text)
                    await self.reload()
                }
            }
            await group.waitForAll()
        }
    }

    /// Carries out what the screen asked.
    func perform(_ request: BoardAlerts.Request) {
        Task {
            switch request {
            case .set(let market, let kind, let value):
                guard let number = Decimal(string: value, locale: Locale(identifier: "en_US_POSIX")) else {
                    say("\(value) is not a number.")
                    return
                }
                let condition: AuctionAlert.Condition =
                    switch kind {
                    case .price: .price(market: market, price: number)
                    case .changeRate: .changeRate(market: market, percent: number)
                    case .value24h: .value24h(market: market, amount: number)
                    }
                do {
                    let alert = try await client.setAlert(condition)
                    say("Alert set on \(market): \(alert.text).")
                } catch {
                    say("Alert not set: \(Self.words(error))")
                }
            case .delete(let id):
                do {
                    try await client.deleteAlert(id)
                    say("Alert deleted.")
                } catch {
                    say("Alert not deleted: \(Self.words(error))")
                }
            }
            await reload()
        }
    }

    private func reload() async {
        guard let list = try? await client.alerts() else { return }
        updates.withLock { $0.append(.list(list.alerts)) }
    }

    private func say(_ words: String) {
        updates.withLock { $0.append(.said(words)) }
    }

    /// A refusal's message from the server, or the error's description.
    static func words(_ error: any Error) -> String {
        AuctionsFeed.readable(error).message
    }
}
