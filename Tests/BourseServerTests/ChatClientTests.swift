import BourseClient
import Foundation
import Synchronization
import Testing

/// The SDK's chat over REST against a live server: a question and the seller's answer, pages, a safe retry.
@Suite("SDK chat against a live server", .timeLimit(.minutes(3)))
struct ChatClientTests {
    typealias C = AuctionClientTests

    @Test func aBuyerAsksTheSellerAnswersAndARetryPostsOnce() async throws {
        try await C.with { harness, port in
            let seller = try await C.signedIn(port, "seller", krw: 0, harness)
            let ann = try await C.signedIn(port, "ann", krw: 0, harness)
            let item = try await seller.list(
                AuctionListing(
                    title: "Lamp", description: "", category: "home", startPrice: 1_000, durationSeconds: 600),
                photos: [C.photo(width: 100)])
            let room = "item:\(item.id)"
            let asked = try await ann.postChatMessage(room: room, text: "Does it work?", clientID: "ann-1")
            #expect(asked.posted && asked.message.seq == 1 && !asked.message.fromSeller && asked.message.from == "ann")
            let retried = try await ann.postChatMessage(room: room, text: "Does it work?", clientID: "ann-1")
            #expect(!retried.posted && retried.message == asked.message)
            let answered = try await seller.postChatMessage(room: room, text: "Yes, with a new bulb.")
            #expect(answered.message.fromSeller && answered.message.seq == 2)

            // Anyone reads the public thread; pages go back by seq.
            let visitor = AuctionClient(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")))
            let first = try await visitor.chatMessages(room: room, limit: 1)
            #expect(first.messages.map(\.text) == ["Yes, with a new bulb."] && first.nextBefore == 2)
            let older = try await visitor.chatMessages(room: room, before: first.nextBefore, limit: 1)
            #expect(older.messages == [asked.message] && older.nextBefore == nil)
            // A private room is not a visitor's.
            await #expect(throws: AuctionClientError.self) {
                try await visitor.chatMessages(room: "dm:\(item.id):ann")
            }
        }
    }
}

/// The SDK's chat moderation over REST: rules, reports, mutes, deletions and blocks, as an app's seller and
/// buyers would use them.
@Suite("SDK chat moderation against a live server", .timeLimit(.minutes(3)))
struct ChatModerationClientTests {
    typealias C = AuctionClientTests

    @Test func aSellerModeratesTheThreadFromTheSDK() async throws {
        try await C.with { harness, port in
            let seller = try await C.signedIn(port, "seller", krw: 0, harness)
            let ann = try await C.signedIn(port, "ann", krw: 0, harness)
            let ben = try await C.signedIn(port, "ben", krw: 0, harness)
            let item = try await seller.list(
                AuctionListing(
                    title: "Lamp", description: "", category: "home", startPrice: 1_000, durationSeconds: 600),
                photos: [C.photo(width: 100)])
            let room = "item:\(item.id)"
            let rules = try await seller.setChatRules(room: room, linksAllowed: false, blockedWords: ["Fraud"])
            #expect(!rules.linksAllowed && rules.blockedWords == ["fraud"] && rules.slowModeSeconds == 0)
            #expect(try await ben.chatRules(room: room) == rules)
            await #expect { try await ann.postChatMessage(room: room, text: "cheaper at lamps.com") } throws: { error in
                (error as? AuctionClientError)?.name == "links_not_allowed"
            }

            let advert = try await ann.postChatMessage(room: room, text: "DM me for a better one").message
            let report = try await ben.reportChatMessage(
                room: room, messageID: advert.id, reason: .offTopic, comment: "an advert")
            #expect(report.reason == .offTopic && report.reporter == "ben" && report.messageID == advert.id)
            #expect(try await seller.chatReports().map(\.id) == [report.id])
            #expect(try await seller.chatReports(room: room).first?.comment == "an advert")

            let mute = try await seller.sanction(.mute, user: "ann", room: room, minutes: 5, reason: "adverts")
            #expect(mute.kind == .mute && mute.scope == room && mute.until != nil)
            #expect(try await ann.chatSanctions(room: room).map(\.reason) == ["adverts"], "her own, before she types")
            await #expect { try await ann.postChatMessage(room: room, text: "hello?") } throws: { error in
                (error as? AuctionClientError)?.name == "muted"
            }
            #expect(try await seller.liftSanction(.mute, user: "ann", room: room))
            #expect(try await !seller.liftSanction(.mute, user: "ann", room: room))

            try await seller.deleteChatMessage(room: room, messageID: advert.id)
            let page = try await ben.chatMessages(room: room)
            #expect(page.messages.first?.deleted == true && page.messages.first?.text == "")

            try await ben.block(user: "ann")
            #expect(try await ben.blockedUsers() == ["ann"])
            _ = try await ann.postChatMessage(room: room, text: "Sorry")
            #expect(try await ben.chatMessages(room: room).messages.first?.hidden == true)
            #expect(try await seller.chatMessages(room: room).messages.first?.text == "Sorry")
            try await ben.unblock(user: "ann")
            #expect(try await ben.blockedUsers().isEmpty)
        }
    }
}

/// The SDK's live chat on `AuctionStream`: messages of joined rooms arrive once and in order, a send answers
/// once stored and a retry posts nothing, and a reconnect rejoins and replays what was missed.
@Suite("SDK live chat against a live server", .timeLimit(.minutes(3)))
struct ChatStreamClientTests {
    typealias A = AuctionStreamClientTests

    final class Heard: Sendable {
        let messages = Mutex<[ChatMessage]>([])
    }

    @Test func stoppingTheStreamFinishesItsChatReaders() async throws {
        // Nothing listens on port 1: the stream waits to reconnect until it is stopped. Finishing a chat
        // reader runs its termination handler, which takes the stream's lock: done inside it, this trapped.
        let stream = AuctionStream(client: AuctionClient(baseURL: try #require(URL(string: "http://127.0.0.1:1"))))
        let reading = stream.chatMessages()
        let run = Task { await stream.run() }
        let finished = Task {
            for await _ in reading {}
            return true
        }
        try await Task.sleep(for: .milliseconds(100))
        run.cancel()
        #expect(await finished.value)
    }

    @Test func aDeletionReachesEveryJoinedStreamAsTheMessageDeleted() async throws {
        try await A.withLamp { _, _, users, item in
            let (seller, ann) = (try #require(users["seller"]), try #require(users["ann"]))
            let room = "item:\(item)"
            let (sellers, anns) = (AuctionStream(client: seller), AuctionStream(client: ann))
            let heard = Heard()
            let reading = anns.chatMessages()
            let tasks = [
                Task { await sellers.run() }, Task { await anns.run() },
                Task { for await message in reading { heard.messages.withLock { $0.append(message) } } },
            ]
            defer { for task in tasks { task.cancel() } }
            try await anns.joinChat(room: room)
            try await sellers.joinChat(room: room)
            let sent = try await anns.sendChat(room: room, text: "Oops, wrong item")
            try await A.waitFor("Ann's message") { heard.messages.withLock { $0.count } == 1 }
            try await sellers.deleteChat(room: room, messageID: sent.messageID)
            try await A.waitFor("the deletion") { heard.messages.withLock { $0.count } == 2 }
            let deletion = try #require(heard.messages.withLock { $0.last })
            #expect(
                deletion.deleted && deletion.id == sent.messageID && deletion.seq == sent.seq && deletion.text == "")
            await #expect { try await anns.deleteChat(room: room, messageID: 999_999) } throws: { error in
                (error as? AuctionClientError)?.name == "not_found"
            }
        }
    }

    @Test func aJoinedRoomIsFollowedAcrossAReconnectWithEveryMessageOnce() async throws {
        // The server closes a connection quiet for a second; the stream's own ping is slower than that.
        try await A.withLamp(configure: { $0.streams.idleTimeout = .seconds(1) }) { _, _, users, item in
            let (seller, ann) = (try #require(users["seller"]), try #require(users["ann"]))
            let room = "item:\(item)"
            var options = AuctionStream.Options()
            options.pingInterval = .seconds(60)
            options.initialBackoff = .seconds(8)
            options.maximumBackoff = .seconds(8)
            let stream = AuctionStream(client: ann, options: options)
            let heard = Heard()
            let reading = stream.chatMessages()
            let tasks = [
                Task { await stream.run() },
                Task { for await message in reading { heard.messages.withLock { $0.append(message) } } },
            ]
            defer { for task in tasks { task.cancel() } }
            let texts = { heard.messages.withLock { $0.map(\.text) } }
            _ = try await seller.postChatMessage(room: room, text: "Before the join")
            let pinging = A.keepAlive(stream)
            try await stream.joinChat(room: room)
            try await A.waitFor("the join's replay") { texts() == ["Before the join"] }
            let sent = try await stream.sendChat(room: room, text: "From the stream", clientID: "ann-1")
            let again = try await stream.sendChat(room: room, text: "From the stream", clientID: "ann-1")
            #expect(sent.posted && !again.posted && again.messageID == sent.messageID && sent.seq == 2)
            try await A.waitFor("Ann's own message") { texts().count == 2 }
            pinging.cancel()

            // Quiet: the server closes the connection; the seller writes while the stream is away.
            try await A.waitFor("the idle close") {
                if case .waiting = stream.currentState { true } else { false }
            }
            _ = try await seller.postChatMessage(room: room, text: "While you were away")
            try await A.waitFor("the reconnect", seconds: 30) { stream.currentState == .connected }
            let keepAlive = A.keepAlive(stream)
            defer { keepAlive.cancel() }
            _ = try await seller.postChatMessage(room: room, text: "After")
            try await A.waitFor("the live message after the rejoin") { texts().last == "After" }
            let all = heard.messages.withLock { $0 }
            #expect(all.map(\.seq) == [1, 2, 3, 4], "\(all)")
            #expect(all.map(\.fromSeller) == [true, false, true, true])
            #expect(stream.reconnects >= 1)
        }
    }
}

/// Read receipts from the SDK: the seller marks a private room read; the buyer's stream hears it live, and a
/// stream that joins later learns it from the join.
@Suite("SDK chat read receipts against a live server", .timeLimit(.minutes(3)))
struct ChatReadClientTests {
    typealias C = AuctionClientTests

    final class Heard: Sendable {
        let receipts = Mutex<[ChatReadReceipt]>([])
        let tasks = Mutex<[Task<Void, Never>]>([])

        /// A stream of `client`, running, its receipts collected here, signed in and in `room`.
        func join(_ room: String, as client: AuctionClient) async throws {
            let stream = AuctionStream(client: client)
            let reads = stream.chatReads()
            let running = Task { await stream.run() }
            let reading = Task { for await receipt in reads { self.receipts.withLock { $0.append(receipt) } } }
            tasks.withLock { $0 += [running, reading] }
            _ = try await stream.authenticate()
            try await stream.joinChat(room: room)
        }

        /// The receipts once there is one (up to 5 s).
        func first() async throws -> [ChatReadReceipt] {
            for _ in 0..<250 where receipts.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(20)) }
            return receipts.withLock { $0 }
        }

        func stop() { tasks.withLock { $0.forEach { $0.cancel() } } }
    }

    @Test func aReceiptReachesTheOtherSideLiveAndOnItsNextJoin() async throws {
        try await C.with { harness, port in
            let seller = try await C.signedIn(port, "seller", krw: 0, harness)
            let ann = try await C.signedIn(port, "ann", krw: 0, harness)
            let item = try await seller.list(
                AuctionListing(
                    title: "Lamp", description: "", category: "home", startPrice: 1_000, durationSeconds: 600),
                photos: [C.photo(width: 100)])
            let room = "dm:\(item.id):ann"
            _ = try await seller.postChatMessage(room: room, text: "Any questions?")
            let (heard, later) = (Heard(), Heard())
            defer { for listener in [heard, later] { listener.stop() } }
            try await heard.join(room, as: ann)
            let sellerStream = AuctionStream(client: seller)
            let sellerTask = Task { await sellerStream.run() }
            defer { sellerTask.cancel() }
            _ = try await sellerStream.authenticate()
            try await sellerStream.joinChat(room: room)
            let asked = try await ann.postChatMessage(room: room, text: "Is it boxed?")
            try await sellerStream.markChatRead(room: room, messageID: asked.message.id)
            let live = try await heard.first()
            #expect(live.map(\.user) == ["seller"] && live.first?.messageID == asked.message.id)
            #expect(live.first?.room == room)

            // A stream that joins later gets the receipts with the join.
            try await later.join(room, as: ann)
            let joined = try await later.first()
            #expect(joined.contains { $0.user == "seller" && $0.messageID == asked.message.id && $0.room == room })
        }
    }
}
