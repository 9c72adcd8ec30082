import BourseCore
import BourseServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// Chat moderation (issue #19) through the real routes and socket: a seller, two buyers and an admin.
/// Deleting, reporting, muting and banning, room rules, blocks, and who may do each.
@Suite("Chat moderation", .timeLimit(.minutes(3)))
struct ChatModerationTests {
    typealias S = SignInRoutesTests
    typealias R = AuctionRoutesTests
    typealias A = AuctionStreamTests
    typealias C = ChatTests

    static func send(
        _ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String, _ user: R.User?,
        _ body: String? = nil
    ) async throws -> TestResponse {
        var headers = user?.headers ?? [:]
        if body != nil { headers[.contentType] = "application/json" }
        return try await client.execute(
            uri: "/auction/v1/\(uri)", method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    }

    static func id(_ response: TestResponse) throws -> Int {
        try #require(try S.object(response)["message_id"] as? Int)
    }

    @Test func authorsSellersAndAdminsDeleteAndADeletedMessageKeepsItsPlaceWithoutItsText() async throws {
        try await C.withThree(admin: "mod") { client, seller, ann, ben, item in
            let room = "item:\(item)"
            let mod = try await Self.signIn("mod", client)
            let first = try Self.id(try await C.post(client, room, ann, "Call me on 010-1234"))
            let second = try Self.id(try await C.post(client, room, ben, "Is it red?"))
            let third = try Self.id(try await C.post(client, room, ben, "Or blue?"))

            // Ben may not delete Ann's message; nobody signed out may; a message of another room is not found.
            #expect(try await Self.send(client, .delete, "rooms/\(room)/messages/\(first)", ben).status == .forbidden)
            #expect(
                try await Self.send(client, .delete, "rooms/\(room)/messages/\(first)", nil).status == .unauthorized)
            #expect(
                try await Self.send(client, .delete, "rooms/item:999/messages/\(first)", seller).status == .notFound)
            #expect(try await Self.send(client, .delete, "rooms/\(room)/messages/0", seller).status == .badRequest)

            // The seller deletes Ann's; Ben deletes his own; the admin deletes Ben's other.
            let deleted = try await Self.send(client, .delete, "rooms/\(room)/messages/\(first)", seller)
            #expect(try deleted.status == .ok && (try S.object(deleted)["seq"] as? Int) == 1)
            #expect(try await Self.send(client, .delete, "rooms/\(room)/messages/\(second)", ben).status == .ok)
            #expect(try await Self.send(client, .delete, "rooms/\(room)/messages/\(third)", mod).status == .ok)
            #expect(try await Self.send(client, .delete, "rooms/\(room)/messages/\(third)", mod).status == .ok, "again")

            let page = try #require(
                try S.object(try await C.history(client, room, nil))["messages"] as? [[String: Any]])
            #expect(page.map { $0["seq"] as? Int } == [3, 2, 1])
            #expect(page.allSatisfy { $0["deleted"] as? Bool == true && $0["text"] as? String == "" })
            #expect(!String(buffer: try await C.history(client, room, nil).body).contains("010-1234"))
        }
    }

    @Test func inAPrivateRoomOnlyTheAuthorAndAdminsDeleteAndReportsGoToAdmins() async throws {
        try await C.withThree(admin: "mod") { client, seller, ann, _, item in
            let room = "dm:\(item):ann"
            let mod = try await Self.signIn("mod", client)
            let opened = try Self.id(try await C.post(client, room, seller, "Shall I post it?"))
            let answer = try Self.id(try await C.post(client, room, ann, "Yes, by courier"))
            #expect(
                try await Self.send(client, .delete, "rooms/\(room)/messages/\(answer)", seller).status == .forbidden)
            let report = try await Self.send(
                client, .post, "rooms/\(room)/reports", ann, #"{"message_id":\#(opened),"reason":"scam"}"#)
            #expect(report.status == .created)
            #expect(try await Self.send(client, .get, "rooms/\(room)/reports", seller).status == .forbidden)
            #expect(try await Self.send(client, .get, "rooms/\(room)/reports", mod).status == .ok)
            let sellers = try S.object(try await Self.send(client, .get, "chat/reports", seller))
            #expect((sellers["reports"] as? [Any])?.isEmpty == true, "a seller sees their public threads' only")
            let all = try S.object(try await Self.send(client, .get, "chat/reports", mod))
            #expect((all["reports"] as? [[String: Any]])?.map { $0["reporter"] as? String } == ["ann"])
            #expect(try await Self.send(client, .delete, "rooms/\(room)/messages/\(opened)", mod).status == .ok)
            #expect(try await C.history(client, room, mod).status == .ok, "admins read private rooms")
            #expect(try await C.post(client, room, mod, "Admin here").status == .forbidden, "but do not write there")
        }
    }

    @Test func reportsAreCheckedTakenOnceAndShownToTheSeller() async throws {
        try await C.withThree { client, seller, ann, ben, item in
            let room = "item:\(item)"
            let spam = try Self.id(try await C.post(client, room, ann, "Cheap kites elsewhere"))
            let path = "rooms/\(room)/reports"
            for (body, status) in [
                (#"{"message_id":\#(spam),"reason":"because"}"#, HTTPResponse.Status.badRequest),
                (#"{"message_id":999999,"reason":"spam"}"#, .notFound),
                (#"{"reason":"spam"}"#, .badRequest),
                (
                    #"{"message_id":\#(spam),"reason":"spam","comment":"\#(String(repeating: "x", count: 501))"}"#,
                    .badRequest
                ),
            ] {
                #expect(try await Self.send(client, .post, path, ben, body).status == status, "\(body.prefix(60))")
            }
            #expect(
                try await Self.send(client, .post, path, ann, #"{"message_id":\#(spam),"reason":"spam"}"#).status
                    == .badRequest, "one's own")
            let body = #"{"message_id":\#(spam),"reason":"spam","comment":"  links to a rival  "}"#
            let first = try await Self.send(client, .post, path, ben, body)
            #expect(first.status == .created)
            let again = try await Self.send(client, .post, path, ben, body)
            #expect(try again.status == .ok && (try S.object(again)["saved"] as? Bool) == false)
            #expect((try S.object(again)["report_id"] as? Int) == (try S.object(first)["report_id"] as? Int))
            #expect(try await Self.send(client, .get, path, ben).status == .forbidden)
            for uri in [path, "chat/reports"] {
                let reports = try #require(
                    try S.object(try await Self.send(client, .get, uri, seller))["reports"] as? [[String: Any]])
                #expect(reports.count == 1 && reports[0]["comment"] as? String == "links to a rival")
                #expect(reports[0]["reporter"] == nil, "a seller is not told who reported")
                #expect(reports[0]["reason"] as? String == "spam" && reports[0]["message_id"] as? Int == spam)
            }
        }
    }

    @Test func mutesAndBansStopPostingUntilLiftedAndOnlyTheSellerOrAnAdminSetsThem() async throws {
        try await C.withThree(admin: "mod") { client, seller, ann, ben, item in
            let room = "item:\(item)"
            let mod = try await Self.signIn("mod", client)
            #expect(try await C.post(client, room, ann, "hello").status == .created)
            #expect(
                try await Self.send(client, .post, "rooms/\(room)/mutes", ben, #"{"user":"ann"}"#).status == .forbidden)
            #expect(
                try await Self.send(client, .post, "rooms/\(room)/mutes", seller, #"{"user":"seller"}"#).status
                    == .badRequest)
            #expect(
                try await Self.send(client, .post, "rooms/\(room)/mutes", seller, #"{"user":"nobody"}"#).status
                    == .notFound)
            #expect(
                try await Self.send(client, .post, "rooms/\(room)/mutes", seller, #"{"user":"mod"}"#).status
                    == .forbidden)
            #expect(
                try await Self.send(client, .post, "rooms/\(room)/mutes", seller, #"{"user":"ann","minutes":0}"#).status
                    == .badRequest)
            #expect(
                try await Self.send(client, .post, "rooms/\(room)/mutes", seller, #"{"user":"ann","house":true}"#)
                    .status == .forbidden)

            let muted = try await Self.send(
                client, .post, "rooms/\(room)/mutes", seller, #"{"user":"ann","minutes":10,"reason":"shouting"}"#)
            #expect(try muted.status == .created && (try S.object(muted)["until"] as? Int) != nil)
            let refused = try await C.post(client, room, ann, "hello?")
            #expect(try refused.status == .forbidden && (try S.errorName(refused)) == "muted")
            #expect(String(buffer: refused.body).contains("until"))
            #expect(try await C.post(client, room, ben, "I may").status == .created)
            // The mute covers the item's private rooms too (Ann bid nowhere, so she opens none anyway).
            let listed = try S.object(try await Self.send(client, .get, "rooms/\(room)/sanctions", seller))
            #expect((listed["sanctions"] as? [[String: Any]])?.map { $0["user"] as? String } == ["ann"])
            let bens = try S.object(try await Self.send(client, .get, "rooms/\(room)/sanctions", ben))
            #expect((bens["sanctions"] as? [Any])?.isEmpty == true, "a member sees only their own")
            let anns = try S.object(try await Self.send(client, .get, "rooms/\(room)/sanctions", ann))
            #expect((anns["sanctions"] as? [[String: Any]])?.first?["reason"] as? String == "shouting")
            let error = try #require(try S.object(refused)["error"] as? [String: Any])
            #expect(error["until"] as? Int == (try S.object(muted)["until"] as? Int), "the end, for a countdown")
            let lifted = try await Self.send(client, .delete, "rooms/\(room)/mutes/ann", seller)
            #expect((try S.object(lifted)["lifted"] as? Bool) == true)
            #expect(
                (try S.object(try await Self.send(client, .delete, "rooms/\(room)/mutes/ann", seller))["lifted"]
                    as? Bool) == false)
            #expect(try await C.post(client, room, ann, "back").status == .created)

            // An admin bans house-wide: Ann can write nowhere, not even in another seller's item.
            #expect(
                try await Self.send(client, .post, "rooms/\(room)/bans", mod, #"{"user":"ann","house":true}"#).status
                    == .created)
            let banned = try await C.post(client, room, ann, "still here")
            #expect((try S.errorName(banned)) == "banned")
            #expect(
                try await Self.send(client, .delete, "rooms/\(room)/bans/ann", seller).status == .ok,
                "the seller lifts only the item's")
            let house = try S.object(try await Self.send(client, .get, "rooms/\(room)/sanctions", mod))
            #expect((house["sanctions"] as? [[String: Any]])?.map { $0["scope"] as? String } == ["house"])
            #expect(try await Self.send(client, .delete, "rooms/\(room)/bans/ann?house=true", mod).status == .ok)
            #expect(try await C.post(client, room, ann, "free").status == .created)
        }
    }

    @Test func roomRulesSlowLinksAndWordsAndTheHousesWords() async throws {
        try await C.withThree(clock: ServerHarness.stoppedClock(), admin: "mod") { client, seller, ann, ben, item in
            let room = "item:\(item)"
            let mod = try await Self.signIn("mod", client)
            let defaults = try S.object(try await Self.send(client, .get, "rooms/\(room)/rules", nil))
            #expect(defaults["slow_mode_seconds"] as? Int == 0 && defaults["links_allowed"] as? Bool == true)
            #expect(
                try await Self.send(client, .put, "rooms/\(room)/rules", ann, #"{"slow_mode_seconds":30}"#).status
                    == .forbidden)
            #expect(
                try await Self.send(client, .put, "rooms/\(room)/rules", seller, #"{"slow_mode_seconds":3601}"#).status
                    == .badRequest)
            #expect(
                try await Self.send(client, .put, "rooms/\(room)/rules", seller, #"{"blocked_words":["two words"]}"#)
                    .status == .badRequest)
            let set = try await Self.send(
                client, .put, "rooms/\(room)/rules", seller,
                #"{"slow_mode_seconds":30,"links_allowed":false,"blocked_words":["Fraud"]}"#)
            #expect(try set.status == .ok && (try S.object(set)["blocked_words"] as? [String]) == ["fraud"])

            #expect(try await C.post(client, room, ann, "first").status == .created)
            let slowed = try await C.post(client, room, ann, "second")
            #expect(try slowed.status == .tooManyRequests && (try S.errorName(slowed)) == "slow_mode")
            #expect(slowed.headers[.retryAfter] == "30")
            #expect(try await C.post(client, room, seller, "a").status == .created)
            #expect(try await C.post(client, room, seller, "b").status == .created, "the seller is not slowed")
            #expect(
                (try S.errorName(try await C.post(client, room, ben, "see www.kites.example"))) == "links_not_allowed")
            #expect((try S.errorName(try await C.post(client, room, ben, "total FRAUD"))) == "blocked_word")
            #expect(try await C.post(client, room, ben, "version 3.5, fraudulent?").status == .created)

            // The house's words: admins only, everywhere, the seller included.
            #expect(
                try await Self.send(client, .put, "chat/rules", seller, #"{"blocked_words":["spamword"]}"#).status
                    == .forbidden)
            #expect(try await Self.send(client, .get, "chat/rules", seller).status == .forbidden)
            #expect(
                try await Self.send(client, .put, "chat/rules", mod, #"{"blocked_words":["spamword"]}"#).status == .ok)
            #expect((try S.errorName(try await C.post(client, room, seller, "buy spamword"))) == "blocked_word")
            // Settings keep what a change leaves out.
            let relaxed = try S.object(
                try await Self.send(client, .put, "rooms/\(room)/rules", mod, #"{"links_allowed":true}"#))
            #expect(relaxed["slow_mode_seconds"] as? Int == 30 && relaxed["links_allowed"] as? Bool == true)
        }
    }

    @Test func blocksHideAnAuthorAndCloseThePrivateRoomToThem() async throws {
        try await C.withThree { client, seller, ann, ben, item in
            let room = "item:\(item)"
            #expect(try await Self.send(client, .post, "me/blocks", ann, #"{"user":"ann"}"#).status == .badRequest)
            #expect(try await Self.send(client, .post, "me/blocks", ann, #"{"user":"nobody"}"#).status == .notFound)
            #expect(try await Self.send(client, .post, "me/blocks", ann, #"{"user":"ben"}"#).status == .created)
            #expect(try await Self.send(client, .post, "me/blocks", ann, #"{"user":"ben"}"#).status == .ok)
            #expect(
                (try S.object(try await Self.send(client, .get, "me/blocks", ann))["blocks"] as? [String]) == ["ben"])
            #expect(try await C.post(client, room, ben, "Ann is wrong").status == .created)
            let forAnn = try #require(
                try S.object(try await C.history(client, room, ann))["messages"] as? [[String: Any]])
            #expect(forAnn.first?["hidden"] as? Bool == true && forAnn.first?["text"] as? String == "")
            let forSeller = try #require(
                try S.object(try await C.history(client, room, seller))["messages"] as? [[String: Any]])
            #expect(forSeller.first?["text"] as? String == "Ann is wrong" && forSeller.first?["hidden"] == nil)

            // Ben blocks the seller: the seller can no longer open Ben's private room.
            #expect(try await Self.send(client, .post, "me/blocks", ben, #"{"user":"seller"}"#).status == .created)
            let closed = try await C.post(client, "dm:\(item):ben", seller, "A deal?")
            #expect(try closed.status == .forbidden && (try S.errorName(closed)) == "blocked")
            #expect(
                (try S.object(try await Self.send(client, .delete, "me/blocks/seller", ben))["unblocked"] as? Bool)
                    == true)
            #expect(try await C.post(client, "dm:\(item):ben", seller, "A deal?").status == .created)
        }
    }

    @Test func theSocketDeletesTellsTheRoomAndKeepsBannedOrBlockedOut() async throws {
        try await C.withThree { client, seller, ann, ben, item in
            let room = "item:\(item)"
            let doomed = try Self.id(try await C.post(client, room, ann, "Doomed"))
            #expect(try await Self.send(client, .post, "me/blocks", ben, #"{"user":"ann"}"#).status == .created)
            let seen = try await A.exchange(
                client,
                [
                    #"{"id":1,"type":"auth","token":"\#(ben.token)"}"#,
                    #"{"id":2,"type":"chat.join","room":"\#(room)"}"#,
                ],
                during: {
                    // Ann's socket: her message reaches the seller's members but not Ben, who blocked her.
                    _ = try await C.post(client, room, ann, "Ben cannot see this")
                    _ = try await C.post(client, room, seller, "Everyone sees this")
                    let annSeen = try await A.exchange(
                        client,
                        [
                            #"{"id":1,"type":"auth","token":"\#(ann.token)"}"#,
                            #"{"id":2,"type":"chat.join","room":"\#(room)"}"#,
                            #"{"id":3,"type":"chat.delete","room":"\#(room)","message_id":\#(doomed)}"#,
                        ]
                    ) { messages in messages.contains { $0["id"] as? Int == 3 } }
                    #expect(annSeen.first { $0["id"] as? Int == 3 }?["type"] as? String == "chat.deleted")
                    _ = try await Self.send(client, .post, "rooms/\(room)/bans", seller, #"{"user":"ben","minutes":5}"#)
                }
            ) { messages in messages.contains { $0["type"] as? String == "chat.sanctioned" } }
            let joined = try #require(seen.first { $0["id"] as? Int == 2 })
            let replay = try #require(joined["messages"] as? [[String: Any]])
            #expect(replay.first?["hidden"] as? Bool == true, "Ann's message, hidden from Ben")
            let texts = seen.filter { $0["type"] as? String == "chat.message" }.compactMap { $0["text"] as? String }
            #expect(texts == ["Everyone sees this"], "\(seen)")
            let deleted = try #require(seen.first { $0["type"] as? String == "chat.deleted" })
            #expect(deleted["message_id"] as? Int == doomed && deleted["seq"] as? Int == 1)
            let sanctioned = try #require(seen.first { $0["type"] as? String == "chat.sanctioned" })
            #expect(sanctioned["kind"] as? String == "ban" && sanctioned["user"] as? String == "ben")
            #expect(sanctioned["scope"] as? String == "item:\(item)" && sanctioned["lifted"] as? Bool == false)

            // Banned, Ben's join is refused.
            let again = try await A.exchange(
                client,
                [
                    #"{"id":1,"type":"auth","token":"\#(ben.token)"}"#,
                    #"{"id":2,"type":"chat.join","room":"\#(room)"}"#,
                ]
            ) { messages in messages.contains { $0["id"] as? Int == 2 } }
            let refusal = try #require(again.first { $0["id"] as? Int == 2 })
            #expect((refusal["error"] as? [String: Any])?["name"] as? String == "banned")
        }
    }

    @Test func aResumedJoinBlanksDeletionsAndTypingSkipsBlockersAndTheMuted() async throws {
        try await C.withThree(clock: ServerHarness.stoppedClock(), admin: "mod") { client, seller, ann, ben, item in
            let room = "item:\(item)"
            let kept = try Self.id(try await C.post(client, room, ann, "Kept"))
            let gone = try Self.id(try await C.post(client, room, ann, "Gone"))
            _ = kept
            #expect(try await Self.send(client, .delete, "rooms/\(room)/messages/\(gone)", seller).status == .ok)
            _ = try await C.post(client, room, seller, "New")
            #expect(try await Self.send(client, .post, "me/blocks", ben, #"{"user":"ann"}"#).status == .created)
            #expect(
                try await Self.send(client, .put, "rooms/\(room)/rules", seller, #"{"slow_mode_seconds":60}"#).status
                    == .ok)
            let mod = try await Self.signIn("mod", client)
            let me = try S.object(try await Self.send(client, .get, "me", mod))
            #expect(me["admin"] as? Bool == true)
            #expect(try S.object(try await Self.send(client, .get, "me", ann))["admin"] as? Bool == false)

            let seen = try await A.exchange(
                client,
                [
                    #"{"id":1,"type":"auth","token":"\#(ben.token)"}"#,
                    #"{"id":2,"type":"chat.join","room":"\#(room)","since":2}"#,
                ],
                during: {
                    _ = try await A.exchange(
                        client,
                        [
                            #"{"id":1,"type":"auth","token":"\#(ann.token)"}"#,
                            #"{"id":2,"type":"chat.join","room":"\#(room)"}"#,
                            #"{"id":3,"type":"chat.typing","room":"\#(room)"}"#,
                            #"{"id":4,"type":"chat.read","room":"\#(room)","message_id":3}"#,
                        ]
                    ) { messages in messages.contains { $0["id"] as? Int == 4 } }
                    _ = try await Self.send(client, .post, "rooms/\(room)/mutes", seller, #"{"user":"ben"}"#)
                    _ = try await A.exchange(
                        client,
                        [
                            #"{"id":1,"type":"auth","token":"\#(seller.token)"}"#,
                            #"{"id":2,"type":"chat.join","room":"\#(room)"}"#,
                            #"{"id":3,"type":"chat.typing","room":"\#(room)"}"#,
                        ]
                    ) { messages in messages.contains { $0["id"] as? Int == 3 } }
                }
            ) { messages in messages.contains { $0["type"] as? String == "chat.typing" } }
            let joined = try #require(seen.first { $0["id"] as? Int == 2 })
            #expect((joined["messages"] as? [[String: Any]])?.map { $0["text"] as? String } == ["New"])
            #expect((joined["deleted"] as? [[String: Any]])?.map { $0["message_id"] as? Int } == [gone])
            let ephemeral = seen.filter { ["chat.typing", "chat.read"].contains($0["type"] as? String) }
            #expect(ephemeral.map { $0["from"] as? String } == ["seller"], "nothing from Ann, whom Ben blocked")

            // Muted now, Ben's send is refused, and the error says until when (for good: no `until`).
            let bens = try await A.exchange(
                client,
                [
                    #"{"id":1,"type":"auth","token":"\#(ben.token)"}"#,
                    #"{"id":2,"type":"chat.send","room":"\#(room)","text":"hi"}"#,
                ]
            ) { messages in messages.contains { $0["id"] as? Int == 2 } }
            let error = try #require(bens.first { $0["id"] as? Int == 2 }?["error"] as? [String: Any])
            #expect(error["name"] as? String == "muted" && error["until"] == nil)
            _ = try await Self.send(client, .delete, "rooms/\(room)/mutes/ben", seller)
            #expect(try await C.post(client, room, ben, "first").status == .created)
            let slowed = try await A.exchange(
                client,
                [
                    #"{"id":1,"type":"auth","token":"\#(ben.token)"}"#,
                    #"{"id":2,"type":"chat.send","room":"\#(room)","text":"second"}"#,
                ]
            ) { messages in messages.contains { $0["id"] as? Int == 2 } }
            let slow = try #require(slowed.first { $0["id"] as? Int == 2 }?["error"] as? [String: Any])
            #expect(slow["name"] as? String == "slow_mode" && slow["retry_after"] as? Int == 60)
        }
    }

    @Test func sellersActOnlyOnTheirOwnItemAndNeverUndoAnAdmin() async throws {
        try await C.withThree(admin: "mod") { client, seller, ann, ben, item in
            let room = "item:\(item)"
            let mod = try await Self.signIn("mod", client)
            // Ben lists an item of his own: a seller too, but not of this one.
            let other = try await R.list(
                client, ben, fields: [("title", "Other"), ("start_price", "1000"), ("duration_seconds", "600")])
            let otherRoom = "item:\(try #require(try S.object(other)["id"] as? Int))"
            let question = try Self.id(try await C.post(client, room, ann, "Is it new?"))
            #expect(
                try await Self.send(client, .post, "rooms/\(room)/mutes", ben, #"{"user":"ann"}"#).status == .forbidden)
            #expect(
                try await Self.send(client, .delete, "rooms/\(room)/messages/\(question)", ben).status == .forbidden)
            #expect(
                try await Self.send(client, .put, "rooms/\(room)/rules", ben, #"{"slow_mode_seconds":5}"#).status
                    == .forbidden)
            #expect(try await Self.send(client, .get, "rooms/\(room)/reports", ben).status == .forbidden)
            #expect(
                try await Self.send(client, .post, "rooms/\(otherRoom)/mutes", ben, #"{"user":"ann"}"#).status
                    == .created)

            // An admin's ban on the item: the seller can neither lift nor shorten it.
            #expect(
                try await Self.send(client, .post, "rooms/\(room)/bans", mod, #"{"user":"ann"}"#).status == .created)
            #expect(try await Self.send(client, .delete, "rooms/\(room)/bans/ann", seller).status == .forbidden)
            #expect(
                try await Self.send(client, .post, "rooms/\(room)/bans", seller, #"{"user":"ann","minutes":1}"#).status
                    == .forbidden)
            // Banned, Ann reads the item's rooms no more, over REST either.
            let refused = try await C.history(client, room, ann)
            #expect(try S.errorName(refused) == "banned")
            #expect(try await C.history(client, otherRoom, ann).status == .ok, "another item's thread is open")
            #expect(try await Self.send(client, .delete, "rooms/\(room)/bans/ann", mod).status == .ok)

            // The seller sees the item's sanctions but not the house's, and reports without their reporters.
            #expect(
                try await Self.send(client, .post, "rooms/\(room)/mutes", mod, #"{"user":"ben","house":true}"#).status
                    == .created)
            let sellers = try S.object(try await Self.send(client, .get, "rooms/\(room)/sanctions", seller))
            #expect((sellers["sanctions"] as? [Any])?.isEmpty == true, "\(sellers)")
            let admins = try S.object(try await Self.send(client, .get, "rooms/\(room)/sanctions", mod))
            #expect((admins["sanctions"] as? [[String: Any]])?.map { $0["scope"] as? String } == ["house"])
            #expect(try await Self.send(client, .delete, "rooms/\(room)/mutes/ben?house=true", mod).status == .ok)
            _ = try await Self.send(
                client, .post, "rooms/\(room)/reports", ben, #"{"message_id":\#(question),"reason":"spam"}"#)
            let reports = try #require(
                try S.object(try await Self.send(client, .get, "chat/reports", seller))["reports"] as? [[String: Any]])
            #expect(reports.count == 1 && reports[0]["reporter"] == nil)
            let forAdmin = try #require(
                try S.object(try await Self.send(client, .get, "chat/reports", mod))["reports"] as? [[String: Any]])
            #expect(forAdmin.first?["reporter"] as? String == "ben")
        }
    }

    @Test func inAPrivateRoomTheSellerKeepsAnAdminsRulesAndAnAdminSendsNothing() async throws {
        try await C.withThree(admin: "mod") { client, seller, ann, _, item in
            let room = "dm:\(item):ann"
            let mod = try await Self.signIn("mod", client)
            #expect(
                try await Self.send(client, .put, "rooms/\(room)/rules", seller, #"{"links_allowed":false}"#).status
                    == .forbidden)
            #expect(
                try await Self.send(client, .put, "rooms/\(room)/rules", mod, #"{"links_allowed":false}"#).status == .ok
            )
            let link = try await C.post(client, room, seller, "Pay me at pay.example.com")
            #expect(try S.errorName(link) == "links_not_allowed", "the seller is a party here, not a moderator")
            #expect(try await C.post(client, room, seller, "Shall I post it?").status == .created)
            let seen = try await A.exchange(
                client,
                [
                    #"{"id":1,"type":"auth","token":"\#(ann.token)"}"#,
                    #"{"id":2,"type":"chat.join","room":"\#(room)"}"#,
                ],
                during: {
                    _ = try await A.exchange(
                        client,
                        [
                            #"{"id":1,"type":"auth","token":"\#(mod.token)"}"#,
                            #"{"id":2,"type":"chat.join","room":"\#(room)"}"#,
                            #"{"id":3,"type":"chat.typing","room":"\#(room)"}"#,
                            #"{"id":4,"type":"chat.read","room":"\#(room)","message_id":1}"#,
                        ]
                    ) { messages in messages.contains { $0["id"] as? Int == 4 } }
                    _ = try await A.exchange(
                        client,
                        [
                            #"{"id":1,"type":"auth","token":"\#(seller.token)"}"#,
                            #"{"id":2,"type":"chat.join","room":"\#(room)"}"#,
                            #"{"id":3,"type":"chat.typing","room":"\#(room)"}"#,
                        ]
                    ) { messages in messages.contains { $0["id"] as? Int == 3 } }
                }
            ) { messages in messages.contains { $0["type"] as? String == "chat.typing" } }
            let ephemeral = seen.filter { ["chat.typing", "chat.read"].contains($0["type"] as? String) }
            #expect(ephemeral.map { $0["from"] as? String } == ["seller"], "nothing from the admin reading")
        }
    }

    static func signIn(_ name: String, _ client: any TestClientProtocol) async throws -> R.User {
        let credentials = #"{"username":"\#(name)","password":"password of \#(name)"}"#
        let token = try #require(
            try S.object(try await S.post(client, "/auction/v1/sessions", credentials))["token"] as? String)
        return R.User(name: name, token: token, account: AccountID(0))
    }
}
