import BourseClient
import BourseTUI
import Foundation
import Synchronization

/// The auction house as `bourse auctions` follows it: the screen says what it looks at (a list page, an
/// item) and what to do (bid, buy, watch) through ``perform(_:)``, and collects ``AuctionOutcome``s with
/// ``drain()``. Everything about how the data comes stays in here, so the socket (`AuctionStream`) can
/// replace the polling without the screen changing.
///
/// For now it polls REST: the list page on screen about once a second, the open item with its history
/// about twice a second, the user's bids every two seconds; a change of interest or an action's answer
/// makes the next poll due at once. Actions run one at a time, in the order the keys asked for them.
final class AuctionsFeed: Sendable {
    /// How often each part is asked again.
    static let listInterval = Duration.seconds(1)
    static let itemInterval = Duration.milliseconds(500)
    static let myBidsInterval = Duration.seconds(2)

    private struct Interest {
        var page = 1
        var sort = AuctionSort.ending
        var item: Int64?
        /// When each part is next due; `nil` is now.
        var listDue: ContinuousClock.Instant?
        var itemDue: ContinuousClock.Instant?
        var myBidsDue: ContinuousClock.Instant?
        var outcomes: [AuctionOutcome] = []
    }

    let client: AuctionClient
    private let signedIn: Bool
    private let interest = Mutex(Interest())
    private let commands: AsyncStream<AuctionAction>
    private let commandQueue: AsyncStream<AuctionAction>.Continuation

    init(client: AuctionClient, signedIn: Bool, item: Int64?) {
        self.client = client
        self.signedIn = signedIn
        interest.withLock { $0.item = item }
        (commands, commandQueue) = AsyncStream.makeStream()
    }

    /// The server's time now, from the client's clock (learnt from every answer): what countdowns count on.
    var serverNow: Date { client.clock.serverNow() }

    /// Takes a screen's action: interest changes at once, commands go to the queue.
    func perform(_ action: AuctionAction) {
        switch action {
        case .showList(let page, let sort):
            interest.withLock {
                ($0.page, $0.sort, $0.listDue) = (page, sort, nil)
            }
        case .open(let item):
            interest.withLock {
                ($0.item, $0.itemDue) = (item, nil)
            }
        case .close:
            interest.withLock {
                ($0.item, $0.listDue) = (nil, nil)
            }
        case .refresh:
            interest.withLock {
                ($0.listDue, $0.itemDue, $0.myBidsDue) = (nil, nil, nil)
            }
        case .bid, .buyNow, .watch:
            commandQueue.yield(action)
        }
    }

    /// What came since the last call, oldest first.
    func drain() -> [AuctionOutcome] {
        interest.withLock { interest in
            defer { interest.outcomes.removeAll() }
            return interest.outcomes
        }
    }

    /// Polls and runs commands until cancelled.
    func run() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.runCommands() }
            group.addTask { await self.poll() }
            await group.next()
            group.cancelAll()
        }
    }

    private func deliver(_ outcome: AuctionOutcome) {
        interest.withLock { $0.outcomes.append(outcome) }
    }

    private func runCommands() async {
        if signedIn {
            do { deliver(.watchlist(try await client.myWatchlist().map(\.id))) } catch {}
        }
        for await command in commands {
            do {
                switch command {
                case .bid(let item, let maximum): deliver(.bid(try await client.bid(item: item, maximum: maximum)))
                case .buyNow(let item): deliver(.bought(try await client.buyNow(item: item)))
                case .watch(let item, true): deliver(.watched(item: item, try await client.watch(item: item)))
                case .watch(let item, false): deliver(.watched(item: item, try await client.unwatch(item: item)))
                default: continue
                }
            } catch {
                deliver(.actionFailed(command, Self.readable(error)))
            }
            // What the action changed shows at the next poll, not a second later.
            interest.withLock { ($0.listDue, $0.itemDue, $0.myBidsDue) = (nil, nil, nil) }
        }
    }

    /// One loop for every refresh, so that a slow server gets one request at a time from this client.
    private func poll() async {
        let clock = ContinuousClock()
        while !Task.isCancelled {
            let now = clock.now
            let (page, sort, item, listDue, itemDue, myBidsDue) = interest.withLock {
                ($0.page, $0.sort, $0.item, $0.listDue, $0.itemDue, $0.myBidsDue)
            }
            if let item, itemDue.map({ $0 <= now }) ?? true {
                interest.withLock { $0.itemDue = now + Self.itemInterval }
                await refresh {
                    let detail = try await self.client.item(item)
                    return .item(detail, history: try await self.client.bids(item: item))
                }
            }
            // The list is on screen only while no item is open.
            if item == nil, listDue.map({ $0 <= now }) ?? true {
                interest.withLock { $0.listDue = now + Self.listInterval }
                await refresh { .page(try await self.client.items(page: page, sort: sort), sort: sort) }
            }
            if signedIn, myBidsDue.map({ $0 <= now }) ?? true {
                interest.withLock { $0.myBidsDue = now + Self.myBidsInterval }
                await refresh { .myBids(try await self.client.myBids()) }
            }
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    private func refresh(_ load: () async throws -> AuctionOutcome) async {
        do {
            deliver(try await load())
        } catch {
            deliver(.refreshFailed(Self.readable(error)))
        }
    }

    /// The client's error, with a transport failure's Foundation dump cut to its sentence ("Failed to connect
    /// to 127.0.0.1 port 1 after 0 ms: Couldn't connect to server"), for one status line.
    static func readable(_ error: any Error) -> AuctionClientError {
        guard let error = error as? AuctionClientError else { return .transport(String(describing: error)) }
        guard case .transport(let text) = error, text.contains("Error Domain="),
            let key = text.range(of: "NSLocalizedDescription=", options: .backwards)
        else { return error }
        let rest = text[key.upperBound...]
        let end = [rest.range(of: ", NS")?.lowerBound, rest.firstIndex(of: "}")].compactMap { $0 }.min()
        return .transport(String(rest[..<(end ?? rest.endIndex)]))
    }
}
