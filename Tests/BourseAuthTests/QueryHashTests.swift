import BourseAuth
import Crypto
import Foundation
import Testing

/// `query_hash` verification against requests recorded from the real clients (see `AuthVectors`).
@Suite struct QueryHashTests {
    private func verify(_ request: RecordedRequest) throws {
        try request.payload.verify(request.claims)
    }

    private func candidateTexts(_ request: RecordedRequest) -> [String] {
        request.payload.candidates().map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func ccxtGETWithAnArrayAndISOTimestampsVerifies() throws {
        try verify(AuthVectors.ccxtClosedOrders)
        // ccxt sends the query percent-encoded and hashes `unquote(urlencode(params))`; its urlencode does
        // not expand lists, so `states[]` arrives as Python's repr of the list.
        #expect(
            candidateTexts(AuthVectors.ccxtClosedOrders).contains(
                "market=KRW-BTC&states[]=['done', 'cancel']&start_time=2024-01-01T00:00:00+09:00"
                    + "&end_time=2024-01-07 23:59:59&limit=100"
            )
        )
    }

    @Test func ccxtPOSTWithJSONNumbersVerifiesDespiteOrjsonSpelling() throws {
        // The body says `0.00001` (orjson) but ccxt hashed `str(0.00001)`, which is `1e-05`.
        try verify(AuthVectors.ccxtCreateOrder)
        #expect(
            candidateTexts(AuthVectors.ccxtCreateOrder).contains(
                "market=KRW-BTC&side=bid&ord_type=limit&price=100000000&volume=1e-05"
            )
        )
        try verify(AuthVectors.ccxtWithdraw)
    }

    @Test func ccxtPOSTWithNullAndBooleanVerifies() throws {
        try verify(AuthVectors.ccxtNullAndBool)
        #expect(
            candidateTexts(AuthVectors.ccxtNullAndBool).contains(
                "market=KRW-BTC&side=ask&ord_type=limit&price=101000000&volume=0.5&identifier=None&post_only=true"
            )
        )
    }

    @Test func ccxtPOSTWithAFloatAndABooleanVerifies() throws {
        // Only ccxt's spelling fits: Python's `str()` for the float, but `true` for the boolean.
        try verify(AuthVectors.ccxtFloatAndBool)
        #expect(
            candidateTexts(AuthVectors.ccxtFloatAndBool).contains(
                "market=KRW-BTC&side=bid&ord_type=limit&price=100000000&volume=2e-05&post_only=true"
            )
        )
    }

    @Test func pyupbitGETWithAFormBodyVerifies() throws {
        try verify(AuthVectors.pyupbitGetOrders)
        try verify(AuthVectors.pyupbitGetArrays)
        // pyupbit hashes `urlencode(params, doseq=True).replace("%5B%5D=", "[]=")`: encoded but for brackets.
        #expect(
            candidateTexts(AuthVectors.pyupbitGetArrays).contains(
                "market=KRW-BTC&states[]=wait&states[]=watch&to=2024-01-01+00%3A00%3A00"
            )
        )
    }

    @Test func pyupbitDELETEAndPOSTWithJSONBodiesVerify() throws {
        try verify(AuthVectors.pyupbitCancel)
        try verify(AuthVectors.pyupbitWithdraw)
        try verify(AuthVectors.pyupbitKoreanIdentifier)
        #expect(
            candidateTexts(AuthVectors.pyupbitKoreanIdentifier).contains(
                "market=KRW-BTC&side=bid&volume=0.01&price=100000000&ord_type=limit"
                    + "&identifier=%EB%B4%87+%EC%A3%BC%EB%AC%B8%3A1%2F2"
            )
        )
    }

    @Test func pyupbitsRecipeOverAJSONArrayKeepsBracketsButEncodesValues() throws {
        try verify(AuthVectors.pyupbitJSONArray)
        #expect(
            candidateTexts(AuthVectors.pyupbitJSONArray).contains("identifiers[]=bot%3A1&identifiers[]=bot%3A2")
        )
    }

    /// Digests from Python: `hashlib.sha512(b"market=KRW-BTC&identifier=null").hexdigest()` and
    /// `hashlib.sha512(b"market=KRW-BTC").hexdigest()`.
    @Test(arguments: [
        "d5e018ddf4af8e13a76bec598249ba9d0b87e25531f59b98afc974fca727d3f7"
            + "36dc5890826098fd3786c7859b86eb79901e1400c79606f5c53c4c1189ea0599",
        "b749dfc2e17f75e5b46c8161f97fe7c9298ed4167ea21c5c94d16573efd8a801"
            + "351470c0ff1a9a3f1e763f8249968218c04c571c8b45aa80cd4588e6c4be0738",
    ])
    func aJSONNullMayBeSpelledNullOrLeftOut(hash: String) throws {
        let payload = RequestPayload(body: Array(#"{"market":"KRW-BTC","identifier":null}"#.utf8))
        try payload.verify(TokenClaims(accessKey: "a", nonce: "n", queryHash: hash))
    }

    @Test func aQueryAndABodyMayBeHashedTogether() throws {
        // Python: `hashlib.sha512(b"market=KRW-BTC&side=bid&volume=1e-05").hexdigest()`.
        let hash =
            "acbe35d7702b93cb41678bb2f2be482ebf4a4f30f2bf786632477f9e5cce6855"
            + "649ab5532bd121de4f6b8adca2cd2e5c8b923c656592dc7fbbcf26e821ec7dfb"
        let payload = RequestPayload(query: "market=KRW-BTC", body: Array(#"{"side":"bid","volume":0.00001}"#.utf8))
        try payload.verify(TokenClaims(accessKey: "a", nonce: "n", queryHash: hash))
        #expect(throws: AuthError.invalidQueryPayload) {
            try RequestPayload(query: "market=KRW-ETH", body: payload.body).verify(
                TokenClaims(accessKey: "a", nonce: "n", queryHash: hash)
            )
        }
    }

    /// Regression: a hash over the JSON body alone was accepted with URL parameters beside it, and those
    /// unsigned parameters then overrode the body (`POST /v1/orders?price=2000000&volume=0.02` placed the
    /// 2,000,000 order that a body of 1,000,000 / 0.01 was signed for). Each part alone is refused now.
    @Test func aHashOfOnePartAloneDoesNotCoverTheOther() throws {
        func sha512(_ text: String) -> String {
            SHA512.hash(data: Array(text.utf8)).map { String(format: "%02x", $0) }.joined()
        }
        let body = #"{"market":"KRW-BTC","side":"bid","ord_type":"limit","price":"1000000","volume":"0.01"}"#
        let payload = RequestPayload(
            query: "price=2000000&volume=0.02", body: Array(body.utf8), contentType: "application/json")
        for signed in [
            "market=KRW-BTC&side=bid&ord_type=limit&price=1000000&volume=0.01", "price=2000000&volume=0.02",
        ] {
            #expect(throws: AuthError.invalidQueryPayload, "\(signed)") {
                try payload.verify(TokenClaims(accessKey: "a", nonce: "n", queryHash: sha512(signed)))
            }
        }
        try payload.verify(
            TokenClaims(
                accessKey: "a", nonce: "n",
                queryHash: sha512(
                    "price=2000000&volume=0.02&market=KRW-BTC&side=bid&ord_type=limit&price=1000000&volume=0.01")))
        // A body that is not JSON is covered by nothing, whatever the query.
        let broken = RequestPayload(query: "market=KRW-BTC", body: Array("{".utf8), contentType: "application/json")
        #expect(throws: AuthError.invalidQueryPayload) {
            try broken.verify(TokenClaims(accessKey: "a", nonce: "n", queryHash: sha512("market=KRW-BTC")))
        }
    }

    @Test func theOfficialRuleWithRepeatedArrayKeysVerifies() throws {
        try verify(AuthVectors.officialArrays)
    }

    @Test func aPlusInTheURLMayStandForASpace() throws {
        try verify(AuthVectors.plusAsSpace)
    }

    @Test func aLowerCaseSHA256HashAlgorithmIsHonoured() throws {
        try verify(AuthVectors.sha256Hash)
        var claims = try AuthVectors.sha256Hash.claims
        claims.queryHashAlgorithm = nil  // now read as SHA-512: the SHA-256 digest cannot match
        #expect(throws: AuthError.invalidQueryPayload) { try AuthVectors.sha256Hash.payload.verify(claims) }
        // An unknown algorithm is refused, not read as the default.
        var sha512Claims = try AuthVectors.ccxtClosedOrders.claims
        sha512Claims.queryHashAlgorithm = "MD5"
        #expect(throws: AuthError.invalidQueryPayload) { try AuthVectors.ccxtClosedOrders.payload.verify(sha512Claims) }
        sha512Claims.queryHashAlgorithm = "sha-512"
        try AuthVectors.ccxtClosedOrders.payload.verify(sha512Claims)
    }

    @Test func theLegacyQueryClaimIsComparedWithTheRawString() throws {
        try verify(AuthVectors.legacyQuery)
        let tampered = AuthVectors.legacyQuery.with(query: "market=KRW-BTC&limit=6")
        #expect(throws: AuthError.invalidQueryPayload) { try verify(tampered) }
    }

    @Test func anEmptyRequestNeedsNoHashButAcceptsTheHashOfNothing() throws {
        try RequestPayload.empty.verify(TokenClaims(accessKey: AuthVectors.accessKey, nonce: "n"))
        try RequestPayload.empty.verify(BearerToken(authorization: AuthVectors.emptyHashOfEmpty).claims)
        // `{}` from ccxt and whitespace bodies carry no parameters either.
        let emptyJSON = RequestPayload(body: Array("{}".utf8), contentType: "application/json")
        #expect(!emptyJSON.hasParameters)
        try emptyJSON.verify(TokenClaims(accessKey: AuthVectors.accessKey, nonce: "n"))
        try emptyJSON.verify(BearerToken(authorization: AuthVectors.emptyHashOfEmpty).claims)
        #expect(!RequestPayload(query: "", body: Array(" \n".utf8)).hasParameters)
    }

    @Test func anEmptyRequestRefusesTheHashOfSomething() throws {
        let claims = try BearerToken(authorization: AuthVectors.emptyHashOfX).claims
        #expect(throws: AuthError.invalidQueryPayload) { try RequestPayload.empty.verify(claims) }
        #expect(throws: AuthError.invalidQueryPayload) {
            try RequestPayload.empty.verify(TokenClaims(accessKey: "a", nonce: "n", legacyQuery: "x=1"))
        }
    }

    @Test func parametersWithoutAnyHashClaimAreRefused() throws {
        #expect(throws: AuthError.invalidQueryPayload) { try verify(AuthVectors.noHashWithParams) }
        let malformedJSON = RequestPayload(body: Array("{\"a\":".utf8), contentType: "application/json")
        #expect(malformedJSON.hasParameters)
        #expect(throws: AuthError.invalidQueryPayload) {
            try malformedJSON.verify(TokenClaims(accessKey: "a", nonce: "n"))
        }
    }

    @Test(arguments: [
        AuthVectors.ccxtClosedOrders.with(
            query: "market=KRW-BTC&states%5B%5D=%5B%27done%27%2C%20%27cancel%27%5D&start_time=2024-01-01T00%3A00%3A00"
                + "%2B09%3A00&end_time=2024-01-07%2023%3A59%3A59&limit=1000"
        ),
        AuthVectors.ccxtClosedOrders.with(query: nil),
        AuthVectors.ccxtCreateOrder.with(
            body: #"{"market":"KRW-BTC","side":"bid","ord_type":"limit","price":100000001,"volume":0.00001}"#
        ),
        AuthVectors.ccxtCreateOrder.with(
            body: #"{"side":"bid","market":"KRW-BTC","ord_type":"limit","price":100000000,"volume":0.00001}"#
        ),
        AuthVectors.pyupbitGetArrays.with(body: "market=KRW-BTC&states%5B%5D=wait&to=2024-01-01+00%3A00%3A00"),
        AuthVectors.pyupbitCancel.with(body: #"{"uuid": "9f432943-54e0-40b7-825f-b6fec8b42b7a"}"#),
        AuthVectors.officialArrays.with(query: "market=KRW-BTC&states[]=wait&start_time=2024-01-01T00:00:00%2B09:00"),
    ])
    func aTamperedQueryOrBodyIsRefused(request: RecordedRequest) {
        #expect(throws: AuthError.invalidQueryPayload) { try verify(request) }
    }

    @Test func aHashThatIsNotHexIsRefused() throws {
        var claims = try AuthVectors.sha256Hash.claims
        claims.queryHash = "zz" + claims.queryHash!.dropFirst(2)
        #expect(throws: AuthError.invalidQueryPayload) { try AuthVectors.sha256Hash.payload.verify(claims) }
        claims.queryHash = try AuthVectors.sha256Hash.claims.queryHash!.uppercased()
        try AuthVectors.sha256Hash.payload.verify(claims)
    }
}
