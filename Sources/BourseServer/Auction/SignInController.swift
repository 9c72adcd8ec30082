import BourseAuth
import BourseCore
import BourseStore
import HTTPTypes
import Hummingbird

/// Sign-up, sign-in and sign-out of the auction house (auction-api.md §2), and `GET /auction/v1/me`.
///
/// A user is an exchange account with a password, so the same ledger account bids and trades. Passwords
/// are hashed with bcrypt off the event loops; sessions are random tokens the store keeps only hashed,
/// answered both in the body (for apps) and as an HttpOnly, SameSite cookie (for browsers).
struct SignInController: Sendable {
    let store: any Store
    let options: SignInOptions
    let throttle: SignInThrottle
    let limiter: RateLimiter
    let clock: @Sendable () -> Timestamp
    /// Whether the server speaks TLS: then the cookie is also `Secure`.
    let secureCookies: Bool
    /// The sockets sessions opened: signing out closes the session's.
    let sockets: CredentialSockets
    /// The inboxes, told of each sign-in (an account given a password while the server runs has one from then).
    let notifier: Notifier

    static let cookieName = "bourse_session"

    func addRoutes(to router: Router<BourseRequestContext>) {
        let group = router.group("auction/v1").add(middleware: AuctionErrorMiddleware())
        group.post("users") { request, context in try await createUser(request, context) }
        group.post("sessions") { request, context in try await signIn(request, context) }
        let signedIn = group.group().add(middleware: AuctionAuthentication(store: store, clock: clock))
        signedIn.delete("sessions/current") { _, context in try await signOut(context) }
        signedIn.get("me") { _, context in
            guard let user = context.auctionUser else { throw AuctionError.unauthorized }
            let admin = try await store.isAdmin(user.account.id)
            return AuctionJSON.response(AuctionJSON.me(user.account, csrf: user.token.csrfToken, admin: admin))
        }
    }

    // MARK: - Handlers

    private func createUser(_ request: Request, _ context: BourseRequestContext) async throws -> Response {
        let now = clock()
        // Sign-ups share the address's budget of unauthenticated requests.
        let decision = limiter.check(RateLimiter.addressClient(context.clientKey), group: .default, at: now)
        guard decision.allowed else {
            throw AuctionError(
                status: .tooManyRequests, name: "too_many_requests", message: "Too many requests.", retryAfter: 1)
        }
        let body = try await AuctionJSON.object(of: request)
        let username = try AuctionJSON.string("username", in: body)
        let password = try AuctionJSON.string("password", in: body)
        if let wait = throttle.signUp(from: context.clientKey, at: now) {
            throw AuctionError(
                status: .tooManyRequests, name: "too_many_requests",
                message: "Too many sign-ups from this address; try again in \(wait) seconds.", retryAfter: wait)
        }
        guard AccountRecord.isValidNewName(username) else {
            throw AuctionError.invalidParameter(
                "The username must be 1–64 letters, digits, '.', '_' or '-', with at least one letter or digit.")
        }
        if let problem = PasswordPolicy.problem(with: password, username: username) {
            throw AuctionError.invalidParameter(problem)
        }
        // "MINA" beside "mina" would read as the same person in chat and on bids.
        if try await store.account(where: .nameIgnoringCase(username)) != nil {
            throw AuctionError(status: .conflict, name: "username_taken", message: "The username is taken.")
        }
        let hash = try await PasswordHashing.hash(password, cost: options.passwordCost)
        let account: AccountRecord
        do {
            account = try await store.createAccount(named: username, at: now)
        } catch StoreError.duplicate {
            throw AuctionError(status: .conflict, name: "username_taken", message: "The username is taken.")
        }
        _ = try await store.setPasswordHash(hash, of: account.id)
        return AuctionJSON.response(AuctionJSON.user(account), status: .created)
    }

    private func signIn(_ request: Request, _ context: BourseRequestContext) async throws -> Response {
        let body = try await AuctionJSON.object(of: request)
        let username = try AuctionJSON.string("username", in: body)
        let password = try AuctionJSON.string("password", in: body)
        let address = context.clientKey
        let now = clock()
        if let wait = throttle.retryAfter(username: username, address: address, at: now) {
            throw AuctionError(
                status: .tooManyRequests, name: "too_many_requests",
                message: "Too many failed sign-ins; try again in \(wait) seconds.", retryAfter: wait)
        }
        let account = try await store.account(named: username)
        let hash = try await account.asyncMap { try await store.passwordHash(of: $0.id) } ?? nil
        guard let account, let hash, try await PasswordHashing.verify(password, hash: hash) else {
            if account == nil || hash == nil {
                try await PasswordHashing.verifyDecoy(password, cost: options.passwordCost)
            }
            throttle.failed(username: username, address: address, at: now)
            throw AuctionError(
                status: .unauthorized, name: "unauthorized", message: "The username or the password is wrong.")
        }
        throttle.succeeded(username: username)
        notifier.signedIn(account.id)
        let token = SessionToken()
        let expires = Timestamp(milliseconds: now.milliseconds + options.sessionLifetime.milliseconds)
        try await store.saveSession(
            StoredSession(tokenHash: token.hash, account: account.id, createdAt: now, expiresAt: expires))
        var response = AuctionJSON.response(
            AuctionJSON.session(token: token.text, csrf: token.csrfToken, expires: expires, account: account),
            status: .created)
        response.headers[.setCookie] = cookie(token.text, maxAge: options.sessionLifetime.milliseconds / 1_000)
        return response
    }

    private func signOut(_ context: BourseRequestContext) async throws -> Response {
        guard let user = context.auctionUser else { throw AuctionError.unauthorized }
        _ = try await store.revokeSession(tokenHash: user.token.hash, at: clock())
        // What the session opened stops reading too, not only new requests.
        sockets.closeAll(session: user.token)
        var response = Response(status: .noContent)
        response.headers[.setCookie] = cookie("", maxAge: 0)
        return response
    }

    /// The session cookie: script cannot read it, other sites' forms and scripts do not send it.
    private func cookie(_ value: String, maxAge: Int64) -> String {
        "\(Self.cookieName)=\(value); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Lax"
            + (secureCookies ? "; Secure" : "")
    }
}

extension Optional {
    /// `map` with an async transform.
    fileprivate func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
