import BourseAuth
import BourseCore
import BourseStore
import BourseWire
import Hummingbird

/// Chat over REST (auction-api.md §4): `GET /auction/v1/rooms/{room}/messages?before=&limit=` pages a room's
/// history, newest first; `POST /auction/v1/rooms/{room}/messages` `{"text","client_msg_id"}` posts, as
/// the socket's `chat.send` does (the same rules, limits and idempotency; members on the socket get it
/// live). An item's public thread is read without signing in; everything else needs a session.
struct ChatController: Sendable {
    let desk: ChatDesk

    func addRoutes(to router: Router<BourseRequestContext>) {
        let group = router.group("auction/v1").add(middleware: AuctionErrorMiddleware())
        group.get("rooms/{room}/messages") { request, context in try await history(request, context) }
        let signedIn = group.group().add(
            middleware: AuctionAuthentication(store: desk.controller.store, clock: desk.controller.clock))
        signedIn.post("rooms/{room}/messages") { request, context in try await post(request, context) }
        addModerationRoutes(public: group, signedIn: signedIn)
    }

    func room(_ context: BourseRequestContext) throws -> ChatRoom {
        guard let name = context.parameters.get("room"), let room = ChatRoom(name) else {
            throw AuctionError.invalidParameter("A room is item:{id} or dm:{id}:{buyer}.")
        }
        return room
    }

    private func history(_ request: Request, _ context: BourseRequestContext) async throws -> Response {
        let room = try room(context)
        let user = try await optionalUser(request)
        let item = try await desk.readable(room, by: user)
        try await desk.refuseIfBanned(user, in: item)
        let hiding = try await desk.hidden(for: user)
        let query = request.uri.queryParameters
        let before = try query["before"].map { text in
            guard let value = UInt64(text), value > 0 else {
                throw AuctionError.invalidParameter("before must be a message's seq (a positive number).")
            }
            return value
        }
        let limit = try query["limit"].map { text in
            guard let value = Int(text) else { throw AuctionError.invalidParameter("limit must be a number.") }
            return value
        }
        let messages = try await desk.history(room, before: before, limit: limit)
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("room")
        writer.string(room.name)
        writer.key("messages")
        try await desk.write(messages, of: item, hiding: hiding, into: &writer)
        writer.key("next_before")
        if let last = messages.last, last.sequence > 1 { writer.integer(Int64(last.sequence)) } else { writer.null() }
        writer.endObject()
        return AuctionJSON.response(writer.bytes)
    }

    private func post(_ request: Request, _ context: BourseRequestContext) async throws -> Response {
        guard let user = context.auctionUser else { throw AuctionError.unauthorized }
        let room = try room(context)
        let body = try await AuctionJSON.object(of: request)
        let text = try AuctionJSON.string("text", in: body)
        let clientID = try body["client_msg_id"].map { value in
            guard let text = value.stringValue else {
                throw AuctionError.invalidParameter("client_msg_id must be a string.")
            }
            return text
        }
        let (message, posted, fromSeller) = try await desk.post(text, in: room, by: user, clientID: clientID)
        var writer = JSONWriter()
        writer.beginObject()
        ChatJSON.fields(of: message, from: user.account.name, fromSeller: fromSeller, into: &writer)
        writer.key("posted")
        writer.bool(posted)
        writer.endObject()
        return AuctionJSON.response(writer.bytes, status: posted ? .created : .ok)
    }

    /// The signed-in user of a request that does not need one (reading a public thread); a private room's
    /// check then asks for it.
    func optionalUser(_ request: Request) async throws -> AuctionUser? {
        let (text, viaCookie) = AuctionAuthentication.token(of: request)
        guard let text, let token = SessionToken(text),
            let account = try await SessionCheck.account(
                of: token, in: desk.controller.store, at: desk.controller.clock())
        else { return nil }
        return AuctionUser(account: account, token: token, viaCookie: viaCookie)
    }
}
