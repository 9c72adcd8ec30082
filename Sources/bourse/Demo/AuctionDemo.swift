import BourseCore
import BourseServer
import BourseStore
import BourseToolkit

/// The demo's auction house: three sellers keep about six items live, each with generated photos and a
/// sale of three to seven minutes with a soft close; six bidders bid by the rules (each bid a maximum at or
/// above the minimum), rarely at first and often in the last minute, so closes turn into extension fights.
///
/// The participants are real accounts (`demo-seller-N`, `demo-bidder-N`), funded with KRW when first made,
/// and every action is a journaled command through the same writer as users', so the demo's sales settle in
/// the ledger like any other. Choices come from the seed; when they happen follows the clock.
struct AuctionDemo: Sendable {
    let exchange: DurableExchange
    let store: any Store
    let desk: AuctionDesk
    let seed: UInt64
    let clock: @Sendable () -> Timestamp

    static let liveItems = 6
    static let titles = [
        "Leica M3 rangefinder", "Seiko 5 automatic watch", "Fender Stratocaster (1978)", "Celadon vase, Goryeo style",
        "Nintendo Famicom, boxed", "Montblanc 149 fountain pen", "Lego 10179 Millennium Falcon", "Brass ship's compass",
        "Hand-carved hahoe mask", "Vinyl: Sanulrim first album", "Canon AE-1 with 50 mm lens", "Bauhaus desk lamp",
    ]
    static let categories = ["cameras", "watches", "music", "art", "games", "stationery", "toys", "antiques"]

    /// Lists and bids until cancelled (graceful shutdown cancels it: that is its normal end, not an error).
    func run() async {
        guard let (sellers, bidders) = try? await participants() else { return }
        var random = SeededRandom(seed: seed ^ 0xA0C7_10A5)
        while !Task.isCancelled {
            await step(&random, sellers: sellers, bidders: bidders)
            try? await Task.sleep(for: .seconds(2))
        }
    }

    /// One round: list while fewer than ``liveItems`` are open, then maybe bid on each.
    func step(_ random: inout SeededRandom, sellers: [AccountID], bidders: [AccountID]) async {
        let now = clock()
        let sellerSet = Set(sellers)
        let open = exchange.withState { state in
            state.exchange.auctions.items.values.filter {
                sellerSet.contains($0.terms.seller) && ($0.state == .live || $0.state == .scheduled)
            }.sorted { $0.id < $1.id }
        }
        if open.count < Self.liveItems { await list(&random, seller: random.pick(sellers), now: now) }
        for item in open where item.state == .live {
            let left = item.effectiveEndsAt.milliseconds - now.milliseconds
            guard random.chance(left < 60_000 ? 45 : 8), let minimum = item.minimumBid else { continue }
            let bidder = random.pick(bidders.filter { $0 != item.leader })
            let step = item.terms.increments.step(at: minimum)
            let maximum = Funds(units: minimum.units + step.units * random.int(in: 0...3))
            await topUp(bidder, for: maximum)
            _ = try? await exchange.submit(.bid(item.id, account: bidder, maximum: maximum))
        }
    }

    private func list(_ random: inout SeededRandom, seller: AccountID, now: Timestamp) async {
        let start = random.int(in: 5...300) * 1_000
        let duration = random.int(in: 180...420)
        let endsAt = Timestamp(milliseconds: now.milliseconds + duration * 1_000)
        let terms = ItemTerms(
            seller: seller, startPrice: .won(start), reservePrice: random.chance(25) ? .won(start * 3) : nil,
            buyNowPrice: random.chance(25) ? .won(start * 6) : nil, startsAt: now, endsAt: endsAt,
            softCloseSeconds: 60, extensionSeconds: 30,
            hardEndAt: Timestamp(milliseconds: endsAt.milliseconds + 300_000))
        let title = random.pick(Self.titles)
        let photos = (0..<(1 + random.below(3))).map { _ in DemoPhoto.png(seed: random.next()) }
        _ = try? await desk.list(
            seller: seller, title: title, description: "A demo listing: generated photos, simulated bidders.",
            category: random.pick(Self.categories), photos: photos, terms: terms)
    }

    /// Deposits KRW when `bidder` could not cover `maximum`.
    private func topUp(_ bidder: AccountID, for maximum: Funds) async {
        let available = exchange.withState { $0.exchange.ledger.balance(of: bidder, "KRW").balance }
        guard available.units < maximum.units * 2 else { return }
        _ = try? await exchange.submit(.deposit(bidder, currency: "KRW", amount: .won(50_000_000)))
    }

    /// The demo's sellers and bidders, made (and bidders funded) the first time.
    func participants() async throws -> (sellers: [AccountID], bidders: [AccountID]) {
        func account(_ name: String) async throws -> AccountID {
            if let found = try await store.account(named: name) { return found.id }
            return try await store.createAccount(named: name, at: clock()).id
        }
        var sellers: [AccountID] = []
        var bidders: [AccountID] = []
        for index in 1...3 { sellers.append(try await account("demo-seller-\(index)")) }
        for index in 1...6 { bidders.append(try await account("demo-bidder-\(index)")) }
        return (sellers, bidders)
    }
}
