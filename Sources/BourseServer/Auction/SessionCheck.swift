import BourseAuth
import BourseCore
import BourseStore
import HTTPTypes
import Hummingbird

/// The one place a sign-in session is checked, for the auction house's routes, its socket and the exchange
/// API (each answers a failure in its own dialect): is the session live, whose is it, and does a
/// cookie-authenticated change carry the session's CSRF token.
enum SessionCheck {
    /// The account of `token`'s session, or nil when there is no such session or it has ended.
    static func account(of token: SessionToken, in store: any Store, at now: Timestamp) async throws -> AccountRecord? {
        guard let session = try await store.session(tokenHash: token.hash), session.isLive(at: now) else { return nil }
        return try await store.account(id: session.account)
    }

    /// Whether `request` changes something: anything but GET, HEAD and OPTIONS.
    static func changesState(_ request: Request) -> Bool {
        ![.get, .head, .options].contains(request.method)
    }

    /// Whether `request` carries `token`'s CSRF token in `X-CSRF-Token` (compared in constant time).
    static func carriesCSRF(_ request: Request, of token: SessionToken) -> Bool {
        guard let csrf = request.headers[AuctionAuthentication.csrfHeader] else { return false }
        return token.acceptsCSRF(csrf)
    }

    /// The session token a WebSocket handshake carries: a bearer that is a session token, or the cookie when
    /// the page that opens the socket is this server's. A socket carries no CSRF token, and `SameSite` does
    /// not stop a page of another port or a sibling host, whose browser would send the cookie too.
    static func socketToken(of request: Request, secure: Bool) -> SessionToken? {
        let (text, viaCookie) = AuctionAuthentication.token(of: request)
        guard let text, let token = SessionToken(text) else { return nil }
        if viaCookie, !WebOrigin.isSameOrigin(request, secure: secure) { return nil }
        return token
    }

    /// What a browser is told when a change comes without the token.
    static let csrfMessage = "A signed-in browser request that changes something needs the X-CSRF-Token header."
}
