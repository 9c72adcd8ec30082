import BourseAuth
import Testing

@Suite struct AuthErrorTests {
    @Test(arguments: [
        (AuthError.noAuthorizationToken, "no_authorization_token"),
        (.jwtVerification, "jwt_verification"),
        (.invalidAccessKey, "invalid_access_key"),
        (.invalidQueryPayload, "invalid_query_payload"),
        (.nonceUsed, "nonce_used"),
        (.expiredAccessKey, "expired_access_key"),
        (.noAuthorizationIP, "no_authorization_i_p"),
        (.outOfScope, "out_of_scope"),
    ])
    func everyErrorCarriesUpbitsNameAndStatus401(error: AuthError, name: String) {
        #expect(error.name == name)
        #expect(error.status == 401)
    }

    @Test func recordedUpbitMessagesAreReproducedExactly() {
        // Texts from Upbit responses quoted in ccxt's upbit.py and the wire specification §4.4.
        #expect(AuthError.expiredAccessKey.message == "This key has expired.")
        #expect(AuthError.noAuthorizationIP.message == "This is not a verified IP.")
        #expect(AuthError.jwtVerification.message == "Jwt 토큰 검증에 실패했습니다.")
        #expect(AuthError.invalidAccessKey.message == "잘못된 엑세스 키입니다.")
        #expect(AuthError.invalidQueryPayload.message == "Jwt의 query를 검증하는데 실패하였습니다.")
        #expect(AuthError.outOfScope.message == "권한이 부족합니다.")
    }

    @Test func namesAndMessagesAreDistinctAndNonEmpty() {
        let all = AuthError.allCases
        #expect(Set(all.map(\.name)).count == all.count)
        #expect(Set(all.map(\.message)).count == all.count)
        #expect(all.allSatisfy { !$0.message.isEmpty })
        #expect(AuthError.nonceUsed.description == "nonce_used (401): \(AuthError.nonceUsed.message)")
    }
}
