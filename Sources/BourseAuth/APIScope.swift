/// One of Upbit's API-key permissions, checked per endpoint (Upbit §3.1).
///
/// The raw values are stable names for configuration and the CLI (`--scopes accounts,orders:read`):
/// lower case, a resource and, where Upbit separates reading from acting, `:read` or `:write`.
/// Upbit today also splits withdrawals and deposits into viewing and acting; the five permissions here
/// fold viewing into acting (`withdraw` covers 출금조회 and 출금하기, `deposit` 입금조회 and 입금하기).
public enum APIScope: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    /// View accounts (자산조회): `GET /v1/accounts`.
    case accounts = "accounts"
    /// View orders (주문조회): `GET /v1/order`, `/v1/orders/*`, `/v1/orders/chance`.
    case ordersRead = "orders:read"
    /// Place and cancel orders (주문하기): `POST /v1/orders`, `DELETE /v1/order`, `cancel_and_new`.
    case ordersWrite = "orders:write"
    /// View and make withdrawals (출금조회, 출금하기): `/v1/withdraw*`.
    case withdraw = "withdraw"
    /// View deposits and request deposit addresses (입금조회, 입금하기): `/v1/deposit*`.
    case deposit = "deposit"

    /// The raw name.
    public var description: String { rawValue }

    /// Orders scopes in declaration order, so lists print the same way every time.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// Parses a comma-separated list such as `accounts,orders:read`.
    ///
    /// Spaces around names are ignored and a name may repeat; an empty text is the empty set. An empty
    /// item (`accounts,,deposit`) or an unknown name is an error that lists the valid names.
    public static func parseList(_ text: String) throws(APIScopeParseError) -> Set<APIScope> {
        let trimmed = text.trimmingSpaces()
        guard !trimmed.isEmpty else { return [] }
        var scopes: Set<APIScope> = []
        for item in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let name = String(item).trimmingSpaces()
            guard let scope = APIScope(rawValue: name) else { throw APIScopeParseError(name: name) }
            scopes.insert(scope)
        }
        return scopes
    }

    /// Formats scopes as the comma-separated list `parseList` reads, in declaration order.
    public static func formatList(_ scopes: Set<APIScope>) -> String {
        scopes.sorted().map(\.rawValue).joined(separator: ",")
    }
}
