import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// The client side of `bourse bench auction`: bidders that send paced bids over `/auction/v1/stream` and
/// time each reply, and watchers that follow the item and check every frame against the contract's
/// promises (sequence numbers without gaps or repeats, a price that never falls, an end that never moves
/// back). Hand-written frames and a byte scan of the few fields it needs, so the load costs little next to
/// the server. `bench auction` puts the bidders and the watchers on one loop each; what they count is
/// shared under locks.
final class AuctionSocketLoad: Sendable {
    /// What the watchers saw.
    struct WatcherCounters {
        var frames = 0
        var bytes = 0
        /// Change-to-receipt lags of `price` frames (their `server_time` to arrival), microseconds.
        var lags: [Int64] = []
        var ended = 0
        var closed = 0
        var violations: [String] = []
        /// Final (price, winner alias) as each watcher's `ended` said it.
        var endings: [String: Int] = [:]
    }

    /// What the bidders saw.
    struct BidderCounters {
        /// Intended-send-to-reply times, nanoseconds.
        var latencies: [Int64] = []
        var accepted = 0
        var refused: [String: Int] = [:]
        /// The bids (by number) the server accepted.
        var acceptedBids: [Int] = []
        /// (bidder index, price) of each `won`.
        var won: [(Int, Int64)] = []
        var outbid = 0
        var lost = 0
        var closed = 0
    }

    let watchers = Mutex(WatcherCounters())
    let bidders = Mutex(BidderCounters())
    /// What `bench chat`'s posters and members saw (AuctionSocketClient+Chat.swift).
    let posters = Mutex(PosterCounters())
    let members = Mutex(MemberCounters())
    /// When chat message 1 is meant to be sent and the gap between two (as ``schedule`` for bids).
    let chatSchedule = Mutex<(start: Int64, interval: Int64)>((0, 1))
    let group: MultiThreadedEventLoopGroup
    let port: Int
    /// When bid 0 is meant to be sent (monotonic nanoseconds) and the gap between two bids; replies are
    /// timed from these intended times, so a late send counts against the latency (open loop).
    let schedule = Mutex<(start: Int64, interval: Int64)>((0, 1))

    init(group: MultiThreadedEventLoopGroup, port: Int) {
        self.group = group
        self.port = port
    }

    /// Opens `count` connections (64 handshakes at a time) that each send `first` once upgraded, and
    /// returns them in the order of their numbers once each has had its first reply. With `loop`, all of
    /// them on that one of the group's loops.
    func connect(
        count: Int, role: AuctionSocketClient.Role, on loop: (any EventLoop)? = nil,
        first: @escaping @Sendable (Int) -> String
    ) async throws
        -> [any Channel]
    {
        try await LoopbackChannels.open(count: count, port: port, group: loop ?? group) { index, ready in
            AuctionSocketClient(role: role, index: index, first: first(index), ready: ready, load: self)
        }
    }
}

/// One connection of the auction bench: upgrades by hand, sends its first message, then reads whole
/// frames and hands each text payload to its role.
final class AuctionSocketClient: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    enum Role {
        case bidder
        case watcher
        /// `bench chat`: sends chat messages and times their `chat.sent`.
        case poster
        /// `bench chat`: a member of the room, checking and timing every message.
        case member
    }

    let role: Role
    let index: Int
    let first: String
    let ready: EventLoopPromise<Void>
    let load: AuctionSocketLoad
    private var upgraded = false
    private var answered = false
    private var buffer = ByteBuffer()
    // A watcher's view of the item.
    /// A watcher's last item sequence; a member's last message number in the room.
    var lastSequence: UInt64?
    private var lastPrice: Int64 = 0
    private var lastEnd: Int64 = 0

    init(role: Role, index: Int, first: String, ready: EventLoopPromise<Void>, load: AuctionSocketLoad) {
        self.role = role
        self.index = index
        self.first = first
        self.ready = ready
        self.load = load
    }

    func channelActive(context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(WebSocketFrames.upgradeRequest(path: "/auction/v1/stream")), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        buffer.writeBuffer(&bytes)
        if !upgraded {
            do {
                guard try WebSocketFrames.readUpgradeAnswer(&buffer, what: "auction socket") else { return }
            } catch {
                ready.fail(error)
                context.close(promise: nil)
                return
            }
            upgraded = true
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: WebSocketFrames.maskedText(first))), promise: nil)
        }
        while let (opcode, length, headerLength) = WebSocketFrames.header(of: buffer),
            buffer.readableBytes >= headerLength + length
        {
            buffer.moveReaderIndex(forwardBy: headerLength)
            let payload = buffer.readSlice(length: length)!
            if opcode == 8 {
                closed()
                context.close(promise: nil)
                return
            }
            if opcode == 1 { received(payload) }
        }
        buffer.discardReadBytes()
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !answered { ready.fail(BenchError("the server closed an auction socket before it answered")) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if !answered { ready.fail(error) }
        context.close(promise: nil)
    }

    private func closed() {
        switch role {
        case .bidder: load.bidders.withLock { $0.closed += 1 }
        case .watcher: load.watchers.withLock { $0.closed += 1 }
        case .poster: load.posters.withLock { $0.closed += 1 }
        case .member: load.members.withLock { $0.closed += 1 }
        }
    }

    private func received(_ payload: ByteBuffer) {
        let now = MonotonicClock.nanoseconds()
        payload.withUnsafeReadableBytes { bytes in
            let scan = JSONScan(bytes: bytes)
            let type = scan.string("type") ?? ""
            if !answered, type == "error" || scan.integer("id") != nil {
                answered = true
                if scan.has("error") {
                    ready.fail(BenchError("the server refused \(first): \(String(decoding: bytes, as: UTF8.self))"))
                } else {
                    ready.succeed()
                }
                return
            }
            switch role {
            case .bidder: bidder(scan, type: type, now: now)
            case .watcher: watcher(scan, type: type, bytes: bytes.count)
            case .poster: poster(scan, now: now)
            case .member: member(scan, type: type, now: now)
            }
        }
    }

    private func bidder(_ scan: JSONScan, type: String, now: Int64) {
        if let id = scan.integer("id") {
            let (start, interval) = load.schedule.withLock { $0 }
            let latency = now - (start + id * interval)
            let refusal = scan.has("error") ? (scan.string("name") ?? "unknown") : nil
            load.bidders.withLock { counters in
                counters.latencies.append(latency)
                if let refusal {
                    counters.refused[refusal, default: 0] += 1
                } else {
                    counters.accepted += 1
                    counters.acceptedBids.append(Int(id))
                }
            }
            return
        }
        switch type {
        case "outbid": load.bidders.withLock { $0.outbid += 1 }
        case "lost": load.bidders.withLock { $0.lost += 1 }
        case "won":
            let price = scan.string("price").flatMap { Int64($0) } ?? -1
            load.bidders.withLock { $0.won.append((index, price)) }
        default: break
        }
    }

    private func watcher(_ scan: JSONScan, type: String, bytes: Int) {
        var violation: String?
        var lag: Int64?
        var ending: String?
        if let sequence = scan.integer("seq").map({ UInt64($0) }) {
            let first = scan.integer("first_seq").map { UInt64($0) } ?? sequence
            switch type {
            case "item":
                lastSequence = sequence
            case "ending_soon", "watchers":
                // Not changes: they carry the item's sequence as it stood, without moving it.
                break
            default:
                if let last = lastSequence, first != last + 1 {
                    violation = "\(type) covering \(first)…\(sequence) after \(last)"
                }
                lastSequence = sequence
            }
        }
        if type == "price" {
            if let price = scan.string("price").flatMap({ Int64($0) }) {
                if price < lastPrice { violation = "price fell from \(lastPrice) to \(price)" }
                lastPrice = price
            }
            if let time = scan.integer("server_time") {
                lag = Int64(Date().timeIntervalSince1970 * 1_000_000) - time * 1_000
            }
        }
        if let end = scan.integer("effective_ends_at") {
            if end < lastEnd { violation = "effective end moved back from \(lastEnd) to \(end)" }
            lastEnd = end
        }
        if type == "ended" {
            ending = "\(scan.string("state") ?? "?") \(scan.string("price") ?? "?") \(scan.string("winner") ?? "-")"
        }
        load.watchers.withLock { counters in
            counters.frames += 1
            counters.bytes += bytes
            if let lag { counters.lags.append(lag) }
            if let violation, counters.violations.count < 20 {
                counters.violations.append("watcher \(index): \(violation)")
            }
            if let ending {
                counters.ended += 1
                counters.endings[ending, default: 0] += 1
            }
        }
    }
}
