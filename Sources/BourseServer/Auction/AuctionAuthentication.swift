import BourseAuth
import BourseCore
import BourseStore
import HTTPTypes
import Hummingbird

/// Who a signed-in auction request comes from.
struct AuctionUser: Sendable {
    var account: AccountRecord
    var token: SessionToken
    /// Whether the token came in the session cookie (a browser) rather than `Authorization: Bearer`.
    var viaCookie: Bool
}

/// Lets a request through only with a live session: `Authorization: Bearer <token>` (apps, scripts, the SDK)
/// or the `bourse_session` cookie (browsers). A cookie-authenticated request that changes state must also
/// carry `X-CSRF-Token` (the `csrf_token` of sign-in): the cookie is sent by the browser on its own, the
/// header only by the site's own script.
struct AuctionAuthentication: RouterMiddleware {
    typealias Context = BourseRequestContext
    let store: any Store
    let clock: @Sendable () -> Timestamp

    static let csrfHeader = HTTPField.Name("X-CSRF-Token")!

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let (text, viaCookie) = Self.token(of: request)
        guard let text, let token = SessionToken(text) else { throw AuctionError.unauthorized }
        guard let account = try await SessionCheck.account(of: token, in: store, at: clock()) else {
            throw AuctionError.unauthorized
        }
        if viaCookie, SessionCheck.changesState(request), !SessionCheck.carriesCSRF(request, of: token) {
            throw AuctionError(status: .forbidden, name: "csrf_token_missing", message: SessionCheck.csrfMessage)
        }
        var context = context
        context.auctionUser = AuctionUser(account: account, token: token, viaCookie: viaCookie)
        return try await next(request, context)
    }

    /// The session token a request carries, and whether it came in the cookie.
    static func token(of request: Request) -> (String?, Bool) {
        if let authorization = request.headers[.authorization] {
            let prefix = "Bearer "
            guard authorization.hasPrefix(prefix) else { return (nil, false) }
            return (String(authorization.dropFirst(prefix.count)), false)
        }
        for field in request.headers[values: .cookie] {
            for pair in field.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].drop(while: { $0 == " " }) == SignInController.cookieName {
                    return (String(parts[1]), true)
                }
            }
        }
        return (nil, false)
    }
}
