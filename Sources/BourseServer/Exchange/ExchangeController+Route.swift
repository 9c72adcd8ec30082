import BourseAuth
import BourseUpbit
import HTTPTypes
import Hummingbird

extension ExchangeController {
    /// Registers `handler` for `method` and `path` in a group guarded by ``ExchangeAuthentication`` with
    /// `scope` and the rate-limit `group`; the handler gets the authenticated key and the parameters.
    func route(
        _ router: Router<BourseRequestContext>, _ method: HTTPRequest.Method, _ path: RouterPath,
        group: RateLimitGroup = .default, scope: APIScope?,
        _ handler: @escaping @Sendable (APIKey, RequestParameters) async throws -> Answer
    ) {
        router.group()
            .add(
                middleware: ExchangeAuthentication(
                    gate: gate, sessions: ExchangeSessions(store: store), limiter: limiter, scope: scope, group: group,
                    clock: clock)
            )
            .on(path, method: method) { _, context in
                guard let call = context.exchangeCall else {
                    throw UpbitError(status: 401, name: "no_authorization_token", message: "Not authenticated.")
                }
                let answer = try await handler(call.key, call.parameters)
                return UpbitResponse.body(answer.body, status: answer.status)
            }
    }
}
