import BourseCore
import BourseStore
import BourseWire
import Hummingbird

// Chat moderation over REST (issue #19), in the style of the message routes:
//
//     DELETE /auction/v1/rooms/{room}/messages/{id}          the author, or the room's moderators
//     POST   /auction/v1/rooms/{room}/reports                {"message_id","reason","comment"}
//     GET    /auction/v1/rooms/{room}/reports?limit=         the room's moderators (reporters: admins)
//     GET    /auction/v1/chat/reports?limit=                 every room the caller moderates
//     POST   /auction/v1/rooms/{room}/mutes|bans             {"user","minutes","reason","house"}
//     DELETE /auction/v1/rooms/{room}/mutes|bans/{user}?house=true
//     GET    /auction/v1/rooms/{room}/sanctions              all for the seller and admins, one's own else
//     GET    /auction/v1/rooms/{room}/rules                  anyone who may read the room
//     PUT    /auction/v1/rooms/{room}/rules                  {"slow_mode_seconds","links_allowed","blocked_words"}
//     GET|PUT /auction/v1/chat/rules                         the house's words (admins only)
//     GET    /auction/v1/me/blocks; POST {"user"}; DELETE /auction/v1/me/blocks/{user}
extension ChatController {
    func addModerationRoutes(
        public group: RouterGroup<BourseRequestContext>, signedIn: RouterGroup<BourseRequestContext>
    ) {
        group.get("rooms/{room}/rules") { request, context in
            let room = try room(context)
            _ = try await desk.readable(room, by: try await optionalUser(request))
            return rulesResponse(try await desk.rules(of: room.name))
        }
        signedIn.get("chat/rules") { _, context in
            guard try await desk.controller.store.isAdmin(try user(context).account.id) else {
                throw ChatDesk.forbidden("Only admins see the house's rules.")
            }
            return rulesResponse(try await desk.rules(of: ChatDesk.houseRoom))
        }
        signedIn.delete("rooms/{room}/messages/{id}") { _, context in
            let user = try user(context)
            guard let text = context.parameters.get("id"), let id = UInt64(text), id > 0 else {
                throw AuctionError.invalidParameter("A message id is a positive number (message_id).")
            }
            let deleted = try await desk.delete(id, in: try room(context), by: user)
            return object { writer in
                writer.key("room")
                writer.string(deleted.room)
                writer.key("message_id")
                writer.integer(Int64(deleted.id))
                writer.key("seq")
                writer.integer(Int64(deleted.sequence))
                writer.key("deleted")
                writer.bool(true)
            }
        }
        signedIn.post("rooms/{room}/reports") { request, context in
            let user = try user(context)
            let body = try await AuctionJSON.object(of: request)
            guard let text = body["message_id"]?.numberText ?? body["message_id"]?.stringValue,
                let id = UInt64(text), id > 0
            else { throw AuctionError.invalidParameter("message_id must be the reported message's id.") }
            let (report, saved) = try await desk.report(
                id, in: try room(context), by: user, reason: try AuctionJSON.string("reason", in: body),
                comment: try optionalString("comment", in: body) ?? "")
            return object(status: saved ? .created : .ok) { writer in
                ChatJSON.fields(of: report, reporter: user.account.name, into: &writer)
                writer.key("saved")
                writer.bool(saved)
            }
        }
        signedIn.get("rooms/{room}/reports") { request, context in
            let (reports, reporters) = try await desk.reports(
                in: try room(context), by: try user(context), limit: try limit(request))
            return try await reportsResponse(reports, reporters: reporters)
        }
        signedIn.get("chat/reports") { request, context in
            let (reports, reporters) = try await desk.reports(in: nil, by: try user(context), limit: try limit(request))
            return try await reportsResponse(reports, reporters: reporters)
        }
        for kind in ChatSanction.Kind.allCases {
            let path = kind == .mute ? "mutes" : "bans"
            signedIn.post("rooms/{room}/\(path)") { request, context in
                let body = try await AuctionJSON.object(of: request)
                let name = try AuctionJSON.string("user", in: body)
                let minutes = try body["minutes"].flatMap { value -> Int? in
                    if case .null = value { return nil }
                    guard let text = value.numberText, let minutes = Int(text) else {
                        throw AuctionError.invalidParameter("minutes must be a whole number, or left out for good.")
                    }
                    return minutes
                }
                let sanction = try await desk.sanction(
                    kind, name, in: try room(context), by: try user(context),
                    minutes: minutes, reason: try optionalString("reason", in: body) ?? "",
                    house: try optionalBool("house", in: body) ?? false)
                return object(status: .created) { writer in
                    ChatJSON.fields(of: sanction, user: name, into: &writer)
                }
            }
            signedIn.delete("rooms/{room}/\(path)/{user}") { request, context in
                guard let name = context.parameters.get("user") else {
                    throw AuctionError.invalidParameter("Name the user to let back.")
                }
                let house = request.uri.queryParameters["house"].map { $0 == "true" || $0 == "1" } ?? false
                let lifted = try await desk.lift(kind, name, in: try room(context), by: try user(context), house: house)
                return object { writer in
                    writer.key("lifted")
                    writer.bool(lifted)
                }
            }
        }
        signedIn.get("rooms/{room}/sanctions") { _, context in
            let sanctions = try await desk.sanctions(in: try room(context), by: try user(context))
            let names = try await desk.names(of: sanctions.map(\.account))
            return object { writer in
                writer.key("sanctions")
                writer.beginArray()
                for sanction in sanctions {
                    writer.beginObject()
                    ChatJSON.fields(of: sanction, user: names[sanction.account] ?? "", into: &writer)
                    writer.endObject()
                }
                writer.endArray()
            }
        }
        signedIn.put("rooms/{room}/rules") { request, context in
            try await setRules(of: try room(context).name, request, context)
        }
        signedIn.put("chat/rules") { request, context in try await setRules(of: ChatDesk.houseRoom, request, context) }
        signedIn.get("me/blocks") { _, context in
            let names = try await desk.blocks(of: try user(context))
            return object { writer in
                writer.key("blocks")
                writer.beginArray()
                for name in names { writer.string(name) }
                writer.endArray()
            }
        }
        signedIn.post("me/blocks") { request, context in
            let body = try await AuctionJSON.object(of: request)
            let name = try AuctionJSON.string("user", in: body)
            let changed = try await desk.block(name, by: try user(context), true)
            return object(status: changed ? .created : .ok) { writer in
                writer.key("user")
                writer.string(name)
                writer.key("blocked")
                writer.bool(true)
            }
        }
        signedIn.delete("me/blocks/{user}") { _, context in
            guard let name = context.parameters.get("user") else {
                throw AuctionError.invalidParameter("Name the user to unblock.")
            }
            let changed = try await desk.block(name, by: try user(context), false)
            return object { writer in
                writer.key("user")
                writer.string(name)
                writer.key("unblocked")
                writer.bool(changed)
            }
        }
    }

    private func user(_ context: BourseRequestContext) throws -> AuctionUser {
        guard let user = context.auctionUser else { throw AuctionError.unauthorized }
        return user
    }

    private func setRules(of room: String, _ request: Request, _ context: BourseRequestContext) async throws -> Response
    {
        let body = try await AuctionJSON.object(of: request)
        let slow = try body["slow_mode_seconds"].map { value -> Int in
            guard let text = value.numberText, let seconds = Int(text) else {
                throw AuctionError.invalidParameter("slow_mode_seconds must be a whole number of seconds.")
            }
            return seconds
        }
        let words = try body["blocked_words"].map { value -> [String] in
            guard let words = value.arrayValue?.compactMap(\.stringValue), words.count == value.arrayValue?.count
            else { throw AuctionError.invalidParameter("blocked_words must be an array of strings.") }
            return words
        }
        let rules = try await desk.setRules(
            of: room, by: try user(context), slowModeSeconds: slow,
            linksAllowed: try optionalBool("links_allowed", in: body), blockedWords: words)
        return rulesResponse(rules)
    }

    private func rulesResponse(_ rules: ChatRoomRules) -> Response {
        object { writer in ChatJSON.fields(of: rules, into: &writer) }
    }

    private func reportsResponse(_ reports: [ChatReport], reporters: Bool) async throws -> Response {
        let names = reporters ? try await desk.names(of: reports.map(\.reporter)) : [:]
        return object { writer in
            writer.key("reports")
            writer.beginArray()
            for report in reports {
                writer.beginObject()
                ChatJSON.fields(of: report, reporter: reporters ? names[report.reporter] ?? "" : nil, into: &writer)
                writer.endObject()
            }
            writer.endArray()
        }
    }

    private func limit(_ request: Request) throws -> Int {
        guard let text = request.uri.queryParameters["limit"] else { return ChatDesk.defaultPage }
        guard let limit = Int(text) else { throw AuctionError.invalidParameter("limit must be a number.") }
        return limit
    }

    private func object(status: HTTPResponse.Status = .ok, _ body: (inout JSONWriter) -> Void) -> Response {
        var writer = JSONWriter()
        writer.beginObject()
        body(&writer)
        writer.endObject()
        return AuctionJSON.response(writer.bytes, status: status)
    }

    private func optionalString(_ key: String, in body: JSONValue) throws -> String? {
        guard let value = body[key] else { return nil }
        if case .null = value { return nil }
        guard let text = value.stringValue else { throw AuctionError.invalidParameter("\(key) must be a string.") }
        return text
    }

    private func optionalBool(_ key: String, in body: JSONValue) throws -> Bool? {
        guard let value = body[key] else { return nil }
        if case .null = value { return nil }
        guard let flag = value.boolValue else { throw AuctionError.invalidParameter("\(key) must be true or false.") }
        return flag
    }
}
