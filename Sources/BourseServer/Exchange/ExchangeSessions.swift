import BourseAuth
import BourseCore
import BourseStore
import BourseUpbit
import Hummingbird

/// The web client trades with its sign-in session instead of a signed token: a request without
/// `Authorization` that carries the `bourse_session` cookie acts for the session's account (and so does
/// `Authorization: Bearer <session token>`, for apps that sign in with a password).
///
/// A browser must not hold an API secret (any script on the page could read it), and the session cookie is
/// `HttpOnly`, so it is what the web client has. The cookie rides along on its own, so every request that
/// changes something must also carry `X-CSRF-Token`, as on the auction house (a page of another site cannot
/// read it). A session may read the account and its orders, place and cancel orders, and deposit KRW;
/// withdrawals stay with API keys (`out_of_scope`), as moving coins out deserves more than a cookie.
struct ExchangeSessions: Sendable {
    let store: any Store

    static let scopes: Set<APIScope> = [.accounts, .ordersRead, .ordersWrite, .deposit]
    /// The access key of a session's stand-in key (`session:<account>`): no API key has a colon.
    static let accessKeyPrefix = "session:"

    /// The key the session of `request` acts with: its cookie when it has no `Authorization`, or a session
    /// token as its bearer (apps and the terminal client sign in with a password, as on the auction house).
    /// Nil when it has neither (then the signed-token path answers it: a JWT, or anything that is not a
    /// session token, keeps Upbit's errors).
    func key(of request: Request, scope: APIScope?, now: Timestamp) async throws -> APIKey? {
        let (text, viaCookie) = AuctionAuthentication.token(of: request)
        guard let text else { return nil }
        // A JWT has dots; a session token (32 random bytes in base64url) has none.
        guard viaCookie || (!text.contains(".") && SessionToken(text) != nil) else { return nil }
        guard let token = SessionToken(text),
            let account = try await SessionCheck.account(of: token, in: store, at: now)
        else {
            throw UpbitError(status: 401, name: "invalid_session", message: "The session has ended; sign in again.")
        }
        if viaCookie, SessionCheck.changesState(request), !SessionCheck.carriesCSRF(request, of: token) {
            throw UpbitError(status: 403, name: "csrf_token_missing", message: SessionCheck.csrfMessage)
        }
        guard let scope, Self.scopes.contains(scope) else { throw UpbitError(AuthError.outOfScope) }
        return Self.key(of: account)
    }

    /// The stand-in key a session of `account` acts with.
    static func key(of account: AccountRecord) -> APIKey {
        APIKey(
            accessKey: Self.accessKeyPrefix + "\(account.id.rawValue)", secret: [],
            accountID: Int64(bitPattern: account.id.rawValue), scopes: Self.scopes)
    }
}
