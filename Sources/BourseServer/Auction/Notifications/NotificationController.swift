import BourseCore
import BourseStore
import BourseWire
import Hummingbird

/// A user's inbox over REST (auction-api.md §4): `GET /auction/v1/me/notifications?unread=&before=&limit=`
/// pages it newest first with the unread count; `POST /auction/v1/me/notifications/read` marks entries read
/// (`{"ids":[…]}`, `{"through":id}`, or `{}` for all) and tells the user's sockets the new count. New entries
/// arrive on the auction socket as `notification` events.
struct NotificationController: Sendable {
    let controller: AuctionController

    /// A page: its default and greatest length.
    static let defaultPage = 50
    static let maximumPage = 200
    /// The most ids one request marks read.
    static let maximumIDs = 1_000

    func addRoutes(to router: Router<BourseRequestContext>) {
        let signedIn = router.group("auction/v1").add(middleware: AuctionErrorMiddleware()).group()
            .add(middleware: AuctionAuthentication(store: controller.store, clock: controller.clock))
        signedIn.get("me/notifications") { request, context in try await list(request, context) }
        signedIn.post("me/notifications/read") { request, context in try await markRead(request, context) }
    }

    private func list(_ request: Request, _ context: BourseRequestContext) async throws -> Response {
        let user = try controller.user(context)
        let query = request.uri.queryParameters
        let unreadOnly: Bool
        switch query["unread"].map(String.init) {
        case nil, "false", "0": unreadOnly = false
        case "true", "1": unreadOnly = true
        case let other?: throw AuctionError.invalidParameter("unread must be true or false, not \(other).")
        }
        let before = try query["before"].map { try Self.id(String($0), "before must be") }
        let limit = try AuctionController.positive(query["limit"].map(String.init), name: "limit") ?? Self.defaultPage
        guard limit <= Self.maximumPage else {
            throw AuctionError.invalidParameter("limit must be 1 to \(Self.maximumPage).")
        }
        let store = controller.store
        let page = try await store.notifications(
            of: user.account.id, unreadOnly: unreadOnly, before: before, limit: limit)
        let unread = try await store.unreadNotificationCount(of: user.account.id)
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("notifications")
        writer.beginArray()
        for notification in page {
            writer.beginObject()
            NotificationJSON.fields(of: notification, into: &writer)
            writer.endObject()
        }
        writer.endArray()
        writer.key("unread")
        writer.integer(Int64(unread))
        writer.key("next_before")
        if page.count == limit, let last = page.last { writer.integer(Int64(last.id)) } else { writer.null() }
        writer.endObject()
        return AuctionJSON.response(writer.bytes)
    }

    private func markRead(_ request: Request, _ context: BourseRequestContext) async throws -> Response {
        let user = try controller.user(context)
        let body = try await AuctionJSON.object(of: request)
        // A misspelt key must not read as "mark everything".
        if let unknown = body.members?.first(where: { !["ids", "through"].contains($0.key) }) {
            throw AuctionError.invalidParameter("Give ids or through (or nothing, for all), not \(unknown.key).")
        }
        var ids: [UInt64]?
        var through: UInt64?
        if let list = body["ids"] {
            guard let elements = list.arrayValue, elements.count <= Self.maximumIDs else {
                throw AuctionError.invalidParameter(
                    "ids must be a list of at most \(Self.maximumIDs) notification ids.")
            }
            ids = try elements.map { try Self.id($0.numberText, "ids must hold") }
        }
        if let value = body["through"] {
            guard ids == nil else { throw AuctionError.invalidParameter("Give ids or through, not both.") }
            through = try Self.id(value.numberText, "through must be")
        }
        let unread = try await controller.feed.notifier.markRead(of: user.account.id, ids: ids, through: through)
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("unread")
        writer.integer(Int64(unread))
        writer.endObject()
        return AuctionJSON.response(writer.bytes)
    }

    /// `text` as a notification id, or the API's error that says so (`what`: "before must be", …).
    private static func id(_ text: String?, _ what: String) throws -> UInt64 {
        guard let text, let id = UInt64(text), id > 0 else {
            throw AuctionError.invalidParameter("\(what) a notification id (a positive number).")
        }
        return id
    }
}
