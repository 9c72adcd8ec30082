import BourseWire

extension RequestPayload {
    /// Every string a known client could have hashed for this request, without repeats.
    ///
    /// - URL query and form body: as received; with pyupbit's `%5B%5D=` → `[]=`; percent-decoded with `+`
    ///   kept (ccxt) and with `+` as a space (form style).
    /// - JSON body: for each `JSONBodyDialect`, the `k=v&…` pairs decoded, and encoded as Python's
    ///   `urlencode` would (`quote_plus`), with and without pyupbit's bracket restoration.
    /// - Both a query and a body with parameters: only the decoded query joined with `&` to each decoded
    ///   body candidate (for clients that merge the two). A hash of either part alone does not pass,
    ///   because the server acts on both: a token signed over a body must not let unsigned URL
    ///   parameters through (they once overrode the signed body's price and volume).
    ///
    /// Empty when there is neither query nor body. Every candidate is a function of the bytes received, so
    /// a token still binds the request; the decodings only let differently spelled copies of the same
    /// parameters through.
    public func candidates() -> [[UInt8]] {
        var all: [[UInt8]] = []
        _ = forEachCandidate { candidate in
            all.append(candidate)
            return false
        }
        return all
    }

    /// Calls `body` with each of ``candidates()`` in that order, made one at a time, until it returns true;
    /// returns whether it did. A request signed the usual way (Upbit's own spelling, which ccxt and pyupbit
    /// produce for most bodies) matches the first candidate, so the others are never built.
    public func forEachCandidate(_ body: ([UInt8]) -> Bool) -> Bool {
        var seen = CandidateList()
        func offer(_ candidate: [UInt8]) -> Bool { seen.insert(candidate) && body(candidate) }
        guard let queryBytes else {
            var found = false
            _ = bodyCandidates { candidate in
                found = offer(candidate)
                return found
            }
            return found
        }
        let query = Self.spellings(ofEncoded: queryBytes)
        var found = false
        // With a body, only the decoded query joined to each decoded body spelling (see above).
        let hadBody = bodyCandidates(decodedOnly: true) { decodedBody in
            found = offer(query[2] + [UInt8(ascii: "&")] + decodedBody)
            return found
        }
        if found { return true }
        if !hadBody { return query.contains { offer($0) } }
        return false
    }

    /// Calls `body` with the body's candidates in order (with `decodedOnly`, only the decoded spellings, the
    /// ones a query is joined to) until it returns true. Returns whether the body offered any candidate.
    private func bodyCandidates(decodedOnly: Bool = false, _ body: ([UInt8]) -> Bool) -> Bool {
        var offered = false
        func offer(_ candidate: [UInt8]) -> Bool {
            if decodedOnly && candidate.isEmpty { return false }
            offered = true
            return body(candidate)
        }
        switch bodyKind {
        case nil, .json(nil):
            // A body that is not JSON can be covered by no hash, whatever the query says.
            return bodyKind != nil
        case .form(let bytes):
            let spellings = Self.spellings(ofEncoded: bytes)
            for spelling in decodedOnly ? Array(spellings.suffix(2)) : spellings where offer(spelling) { break }
        case .json(let value?):
            guard let members = value.members else { break }
            for dialect in JSONBodyDialect.all {
                guard let pairs = dialect.pairs(of: members) else { continue }
                let decoded = Self.join(pairs.map { Array($0.key.utf8) + [UInt8(ascii: "=")] + Array($0.value.utf8) })
                if offer(decoded) { return true }
                if decodedOnly { continue }
                let encoded = Self.join(
                    pairs.map {
                        PercentEncoding.encode($0.key, spaceAsPlus: true) + [UInt8(ascii: "=")]
                            + PercentEncoding.encode($0.value, spaceAsPlus: true)
                    }
                )
                if offer(encoded) || offer(URLFormEncoding.restoringBrackets(encoded)) { return true }
            }
        }
        return offered
    }

    /// Raw, bracket-restored, decoded keeping `+`, decoded with `+` as space (in that order).
    private static func spellings(ofEncoded bytes: [UInt8]) -> [[UInt8]] {
        [
            bytes,
            URLFormEncoding.restoringBrackets(bytes),
            PercentEncoding.decodeLeniently(bytes, plusAsSpace: false),
            PercentEncoding.decodeLeniently(bytes, plusAsSpace: true),
        ]
    }

    private static func join(_ pairs: [[UInt8]]) -> [UInt8] {
        Array(pairs.joined(separator: [UInt8(ascii: "&")]))
    }
}

/// The candidates offered so far, so none is offered twice.
private struct CandidateList {
    private var seen: Set<[UInt8]> = []

    /// Whether `candidate` is new (and now seen).
    mutating func insert(_ candidate: [UInt8]) -> Bool { seen.insert(candidate).inserted }
}
