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
        var bodyList = CandidateList()
        var decodedBodies: [[UInt8]] = []
        switch bodyKind {
        case nil:
            break
        case .json(nil):
            // A body that is not JSON can be covered by no hash, whatever the query says.
            return []
        case .form(let bytes):
            let spellings = Self.spellings(ofEncoded: bytes)
            spellings.forEach { bodyList.insert($0) }
            decodedBodies = Array(spellings.suffix(2))
        case .json(let value?):
            guard let members = value.members else { break }
            for dialect in JSONBodyDialect.all {
                guard let pairs = dialect.pairs(of: members) else { continue }
                let decoded = Self.join(pairs.map { Array($0.key.utf8) + [UInt8(ascii: "=")] + Array($0.value.utf8) })
                let encoded = Self.join(
                    pairs.map {
                        PercentEncoding.encode($0.key, spaceAsPlus: true) + [UInt8(ascii: "=")]
                            + PercentEncoding.encode($0.value, spaceAsPlus: true)
                    }
                )
                bodyList.insert(decoded)
                bodyList.insert(encoded)
                bodyList.insert(URLFormEncoding.restoringBrackets(encoded))
                decodedBodies.append(decoded)
            }
        }
        guard let query = queryBytes.map(Self.spellings(ofEncoded:)) else { return bodyList.items }
        let bodies = decodedBodies.filter { !$0.isEmpty }
        var list = CandidateList()
        if bodies.isEmpty {
            query.forEach { list.insert($0) }
        } else {
            for body in bodies { list.insert(query[2] + [UInt8(ascii: "&")] + body) }
        }
        return list.items
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

/// An ordered list without repeats.
private struct CandidateList {
    private(set) var items: [[UInt8]] = []
    private var seen: Set<[UInt8]> = []

    mutating func insert(_ candidate: [UInt8]) {
        if seen.insert(candidate).inserted { items.append(candidate) }
    }
}
