import BourseCore
import BourseServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Chat (auction-api.md §4) through the real routes and socket, with three users: a seller and two buyers.
/// The public thread, a private room that opens only as the rules say, idempotent sends, limits, and
/// delivery to the room's members in order.
@Suite("Auction chat", .timeLimit(.minutes(3)))
struct ChatTests {
    typealias S = SignInRoutesTests
    typealias R = AuctionRoutesTests
    typealias A = AuctionStreamTests

    /// A live server where `seller` listed a kite (ten minutes from 1,000 won); ann and ben hold KRW. With
    /// `admin`, a fourth user of that name is an admin.
    static func withThree(
        clock: @escaping @Sendable () -> Timestamp = ServerHarness.wallClock, admin: String? = nil,
        _ body:
            @escaping @Sendable (any TestClientProtocol, _ seller: R.User, _ ann: R.User, _ ben: R.User, Int)
            async throws -> Void
    ) async throws {
        try await ServerHarness.with(steps: 0, configure: { $0.signIn.passwordCost = 4 }, clock: clock) { harness in
            try await harness.application().test(.live) { client in
                let seller = try await R.user("seller", krw: 0, harness, client)
                let ann = try await R.user("ann", krw: 100_000, harness, client)
                let ben = try await R.user("ben", krw: 100_000, harness, client)
                if let admin {
                    let account = try await R.user(admin, krw: 0, harness, client).account
                    _ = try await harness.store.setAdmin(account, true)
                }
                let listed = try await R.list(
                    client, seller, fields: [("title", "Kite"), ("start_price", "1000"), ("duration_seconds", "600")])
                try await body(client, seller, ann, ben, try #require(try S.object(listed)["id"] as? Int))
            }
        }
    }

    static func post(
        _ client: any TestClientProtocol, _ room: String, _ user: R.User?, _ text: String, id: String? = nil
    ) async throws -> TestResponse {
        var body = #"{"text":\#(String(data: try JSONEncoder().encode(text), encoding: .utf8)!)"#
        if let id { body += #","client_msg_id":"\#(id)""# }
        return try await S.post(client, "/auction/v1/rooms/\(room)/messages", body + "}", headers: user?.headers ?? [:])
    }

    static func history(
        _ client: any TestClientProtocol, _ room: String, _ user: R.User?, query: String = ""
    )
        async throws -> TestResponse
    {
        try await client.execute(
            uri: "/auction/v1/rooms/\(room)/messages\(query)", method: .get, headers: user?.headers ?? [:])
    }

    @Test func thePublicThreadIsReadByAnyoneAndWrittenBySignedInUsersWithTheSellerMarked() async throws {
        try await Self.withThree { client, seller, ann, _, item in
            let room = "item:\(item)"
            #expect(try await Self.post(client, room, nil, "hello").status == .unauthorized)
            let question = try await Self.post(client, room, ann, "  Is the kite boxed?\n", id: "ann-1")
            #expect(question.status == .created)
            let asked = try S.object(question)
            #expect(asked["text"] as? String == "Is the kite boxed?" && asked["from_seller"] as? Bool == false)
            #expect(asked["seq"] as? Int == 1 && asked["from"] as? String == "ann" && asked["posted"] as? Bool == true)
            // A resend after a lost answer: the same message, not a second one.
            let resent = try S.object(try await Self.post(client, room, ann, "Is the kite boxed?", id: "ann-1"))
            #expect(resent["message_id"] as? Int == asked["message_id"] as? Int && resent["posted"] as? Bool == false)
            #expect(try await Self.post(client, room, seller, "Yes, 안녕하세요.").status == .created)

            // Read without signing in: newest first, the seller marked, paged by seq.
            let page = try S.object(try await Self.history(client, room, nil))
            let messages = try #require(page["messages"] as? [[String: Any]])
            #expect(messages.map { $0["text"] as? String } == ["Yes, 안녕하세요.", "Is the kite boxed?"])
            #expect(messages.map { $0["from_seller"] as? Bool } == [true, false])
            let older = try S.object(try await Self.history(client, room, nil, query: "?before=2&limit=1"))
            #expect((older["messages"] as? [[String: Any]])?.map { $0["seq"] as? Int } == [1])

            // Refusals in words.
            for (text, words) in [
                ("   ", "empty"), (String(repeating: "가", count: 1_001), "at most 1000 characters"),
                ("bell\u{7}", "control characters"), ("price \u{202E}000,01", "direction overrides"),
            ] {
                let refused = try await Self.post(client, room, ann, text)
                #expect(refused.status == .badRequest)
                #expect(try S.errorName(refused) == "invalid_parameter")
                #expect(String(buffer: refused.body).contains(words), "\(String(buffer: refused.body))")
            }
            // Windows line breaks arrive as \n.
            let lines = try S.object(try await Self.post(client, room, ann, "one\r\ntwo"))
            #expect(lines["text"] as? String == "one\ntwo")
            #expect(try await Self.post(client, "item:999", ann, "hi").status == .notFound)
            #expect(try await Self.post(client, "lobby", ann, "hi").status == .badRequest)
            #expect(try await Self.history(client, "item:x", nil).status == .badRequest)
        }
    }

    @Test func aPrivateRoomIsTheSellersAndOneBuyersAndOpensByABidOrTheSeller() async throws {
        try await Self.withThree { client, seller, ann, ben, item in
            let annRoom = "dm:\(item):ann"
            let benRoom = "dm:\(item):ben"
            // Ben has not bid and the seller has not written: the room is closed to him, and others see nothing.
            let closed = try await Self.post(client, benRoom, ben, "Lower price?")
            #expect(closed.status == .forbidden && String(buffer: closed.body).contains("once you have bid"))
            #expect(try await Self.post(client, benRoom, ann, "Me too").status == .forbidden)
            #expect(try await Self.history(client, benRoom, nil).status == .unauthorized)
            #expect(try await Self.history(client, benRoom, ann).status == .forbidden)
            // The seller opens it; then Ben answers.
            #expect(try await Self.post(client, benRoom, seller, "Ben, I can ship tomorrow.").status == .created)
            #expect(try await Self.post(client, benRoom, ben, "Great, thanks").status == .created)
            let both = try S.object(try await Self.history(client, benRoom, ben))
            #expect((both["messages"] as? [[String: Any]])?.map { $0["from"] as? String } == ["ben", "seller"])
            // Ann opens hers by bidding.
            #expect(try await Self.post(client, annRoom, ann, "Hi").status == .forbidden)
            let bid = try await S.post(
                client, "/auction/v1/items/\(item)/bids", #"{"max":"2000"}"#, headers: ann.headers)
            #expect(bid.status == .created || bid.status == .ok, "\(String(buffer: bid.body))")
            #expect(try await Self.post(client, annRoom, ann, "Hi, I bid.").status == .created)
            #expect(try await Self.post(client, "dm:\(item):nobody", seller, "Hello?").status == .notFound)
            #expect(try await Self.post(client, "dm:\(item):seller", seller, "Me").status == .badRequest)
            // A client id is its author's in one room: the same id in another room is another message.
            #expect(try await Self.post(client, "item:\(item)", seller, "Public", id: "s-1").status == .created)
            #expect(try await Self.post(client, benRoom, seller, "Private", id: "s-1").status == .created)
        }
    }

    @Test func postingPastTheRateIsRefusedWithRetryAfterButAResendIsAnswered() async throws {
        // A stopped clock: the six posts count in one window however slowly a loaded machine sends them.
        try await Self.withThree(clock: ServerHarness.stoppedClock()) { client, _, ann, _, item in
            for number in 1...5 {
                let posted = try await Self.post(client, "item:\(item)", ann, "message \(number)", id: "r-\(number)")
                #expect(posted.status == .created)
            }
            let refused = try await Self.post(client, "item:\(item)", ann, "one too many")
            #expect(refused.status == .tooManyRequests)
            #expect(try S.errorName(refused) == "too_many_requests")
            #expect(Int(refused.headers[.retryAfter] ?? "") ?? 0 >= 1)
            // A resend is answered however fast (it posts nothing, so the rate does not count it).
            let resent = try await Self.post(client, "item:\(item)", ann, "message 3", id: "r-3")
            #expect(resent.status == .ok)
            #expect(try S.object(resent)["posted"] as? Bool == false)
        }
    }

    @Test func theSocketRefusesOutOfRangeNumbersAndForgetsRoomsWhenTheUserChanges() async throws {
        try await Self.withThree { client, _, ann, ben, item in
            let room = "dm:\(item):ben"
            let seen = try await A.exchange(
                client,
                [
                    #"{"id":1,"type":"chat.join","room":"item:\#(item)","since":18446744073709551615}"#,
                    #"{"id":2,"type":"auth","token":"\#(ben.token)"}"#,
                    #"{"id":3,"type":"chat.read","room":"item:\#(item)","message_id":1}"#,
                    #"{"id":4,"type":"chat.join","room":"item:\#(item)"}"#,
                    #"{"id":5,"type":"chat.read","room":"item:\#(item)","message_id":18446744073709551615}"#,
                    #"{"id":6,"type":"chat.join","room":"\#(room)"}"#,
                    // Signed in as someone else, the socket is in no room: Ben's private room is gone with him.
                    #"{"id":7,"type":"auth","token":"\#(ann.token)"}"#,
                    #"{"id":8,"type":"chat.typing","room":"\#(room)"}"#,
                    #"{"id":9,"type":"chat.join","room":"\#(room)"}"#,
                ]
            ) { messages in messages.contains { $0["id"] as? Int == 9 } }
            let byID = { (id: Int) in seen.first { $0["id"] as? Int == id } }
            let error = { (id: Int) in (byID(id)?["error"] as? [String: Any])?["name"] as? String }
            #expect(
                error(1) == "invalid_parameter" && error(3) == "invalid_parameter" && error(5) == "invalid_parameter")
            #expect(byID(4)?["type"] as? String == "chat.joined" && byID(6)?["type"] as? String == "chat.joined")
            #expect(error(8) == "invalid_parameter" && error(9) == "forbidden")
        }
    }

    @Test func membersOnTheSocketGetEachMessageOnceInOrderAndTypingFromOthers() async throws {
        try await Self.withThree { client, seller, ann, ben, item in
            let room = "item:\(item)"
            #expect(try await Self.post(client, room, seller, "Before anyone joined").status == .created)
            let seen = try await A.exchange(
                client,
                [
                    #"{"id":1,"type":"auth","token":"\#(ann.token)"}"#,
                    #"{"id":2,"type":"chat.join","room":"\#(room)"}"#,
                    #"{"id":3,"type":"chat.send","room":"\#(room)","text":"From the socket","client_msg_id":"s-1"}"#,
                    #"{"id":4,"type":"chat.send","room":"\#(room)","text":"From the socket","client_msg_id":"s-1"}"#,
                ],
                during: {
                    _ = try await Self.post(client, room, ben, "B", id: "b-1")
                    _ = try await Self.post(client, room, ben, "B", id: "b-1")
                    _ = try await Self.post(client, room, seller, "C")
                    // Ben, on his own socket, types: Ann sees it.
                    _ = try await A.exchange(
                        client,
                        [
                            #"{"id":1,"type":"auth","token":"\#(ben.token)"}"#,
                            #"{"id":2,"type":"chat.join","room":"\#(room)","since":1}"#,
                            #"{"id":3,"type":"chat.typing","room":"\#(room)"}"#,
                        ]
                    ) { messages in messages.contains { $0["id"] as? Int == 3 } }
                }
            ) { messages in messages.contains { $0["type"] as? String == "chat.typing" } }
            let joined = try #require(seen.first { $0["id"] as? Int == 2 })
            #expect(joined["type"] as? String == "chat.joined" && joined["gap"] as? Bool == false)
            #expect((joined["messages"] as? [[String: Any]])?.map { $0["text"] as? String } == ["Before anyone joined"])
            let sent = seen.filter { $0["type"] as? String == "chat.sent" }
            // The two sends run concurrently (a send is not awaited), so either may be the one that posted.
            #expect(sent.compactMap { $0["posted"] as? Bool }.sorted { !$0 && $1 } == [false, true], "\(sent)")
            #expect(Set(sent.compactMap { $0["message_id"] as? Int }).count == 1)
            let live = seen.filter { $0["type"] as? String == "chat.message" }
            // Each once, in the order the store numbered them (the socket's send may come before or after B).
            let texts = live.compactMap { $0["text"] as? String }
            #expect(texts.sorted() == ["B", "C", "From the socket"], "\(live)")
            #expect(texts.firstIndex(of: "B")! < texts.firstIndex(of: "C")!)
            #expect(live.map { $0["seq"] as? Int } == [2, 3, 4])
            let typing = try #require(seen.first { $0["type"] as? String == "chat.typing" })
            #expect(typing["from"] as? String == "ben" && typing["room"] as? String == room)
        }
    }
}

/// Read receipts (issue #19): kept by the server, only moved forward, and told to a reader who joins later.
@Suite("Chat read receipts", .timeLimit(.minutes(3)))
struct ChatReceiptTests {
    typealias C = ChatTests
    typealias R = AuctionRoutesTests
    typealias A = AuctionStreamTests
    typealias S = SignInRoutesTests

    @Test func aReceiptIsKeptAndListedWhenTheOtherSideJoins() async throws {
        try await C.withThree { client, seller, ann, _, item in
            #expect(try await R.bid(client, ann, item: item, max: "2000").status == .ok)
            let room = "dm:\(item):ann"
            let posted = try S.object(try await C.post(client, room, ann, "Is it boxed?"))
            let messageID = try #require(posted["message_id"] as? Int)
            let other = try S.object(try await C.post(client, "item:\(item)", ann, "A public question."))
            let otherID = try #require(other["message_id"] as? Int)
            // The seller reads the private message (and cannot mark one of another room).
            let marked = try await A.exchange(
                client,
                [
                    #"{"id":1,"type":"auth","token":"\#(seller.token)"}"#,
                    #"{"id":2,"type":"chat.join","room":"\#(room)"}"#,
                    #"{"id":3,"type":"chat.read","room":"\#(room)","message_id":\#(otherID)}"#,
                    #"{"id":4,"type":"chat.read","room":"\#(room)","message_id":\#(messageID)}"#,
                ]
            ) { messages in messages.contains { $0["id"] as? Int == 4 } }
            #expect(
                (marked.first { $0["id"] as? Int == 3 }?["error"] as? [String: Any])?["name"] as? String
                    == "invalid_parameter")
            #expect(marked.first { $0["id"] as? Int == 4 }?["type"] as? String == "ok")
            // Ann, back later, learns it on joining.
            let joined = try await A.exchange(
                client,
                [
                    #"{"id":1,"type":"auth","token":"\#(ann.token)"}"#,
                    #"{"id":2,"type":"chat.join","room":"\#(room)"}"#,
                ]
            ) { messages in messages.contains { $0["id"] as? Int == 2 } }
            let reply = try #require(joined.first { $0["id"] as? Int == 2 })
            let read = try #require(reply["read"] as? [[String: Any]])
            #expect(read.count == 1 && read.first?["user"] as? String == seller.name)
            #expect(read.first?["message_id"] as? Int == messageID && read.first?["at"] as? Int != nil)
        }
    }
}
