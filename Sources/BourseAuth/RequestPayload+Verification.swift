import BourseWire

extension RequestPayload {
    /// Checks the token's `query_hash` (or legacy `query`) claim against this request.
    ///
    /// - No parameters: a `query_hash` must be absent or the hash of the empty string; a `query` claim
    ///   must be absent or empty.
    /// - Parameters: `query_hash` must be the hex digest (either letter case), under `query_hash_alg`
    ///   (SHA-512 when absent), of one of `candidates()`; without `query_hash`, the legacy `query` claim
    ///   must equal a candidate; with neither claim the request is refused.
    ///
    /// Digests and legacy strings are compared in constant time. Throws `invalidQueryPayload`.
    public func verify(_ claims: TokenClaims) throws(AuthError) {
        // Candidates are made one at a time, most likely first, and the search stops at a match.
        func matches(_ match: ([UInt8]) -> Bool) -> Bool {
            hasParameters ? forEachCandidate(match) : match([])
        }
        if let hash = claims.queryHash {
            var algorithm = QueryHashAlgorithm.sha512
            if let name = claims.queryHashAlgorithm {
                guard let named = QueryHashAlgorithm(claim: name) else { throw .invalidQueryPayload }
                algorithm = named
            }
            guard let expected = Hex.decode(hash),
                matches({ ConstantTime.equal(algorithm.digest($0), expected) })
            else { throw .invalidQueryPayload }
        } else if let query = claims.legacyQuery {
            let expected = Array(query.utf8)
            guard matches({ ConstantTime.equal($0, expected) }) else {
                throw .invalidQueryPayload
            }
        } else if hasParameters {
            throw .invalidQueryPayload
        }
    }
}
