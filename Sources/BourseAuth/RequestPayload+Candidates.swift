import BourseWire

extension RequestPayload {
    /// Every string a known client could have hashed for this request, without repeats.
    ///
    /// - URL query and form body: as received; with pyupbit's `%5B%5D=` → `[]=`; percent-decoded with `+`
    ///   kept (ccxt) and with `+` as a space (form style).
    /// - JSON body: for each `JSONBodyDialect`, the `k=v&…` pairs decoded, and encoded as Python's
    ///   `urlencode` would (`quote_plus`), with and without pyupbit's bracket restoration.
    /// - Both a query and a body: additionally the decoded query joined with `&` to each decoded body
    ///   candidate, for clients that merge the two.
    ///
    /// Empty when there is neither query nor body. Every candidate is a function of the bytes received, so
    /// a token still binds the request; the decodings only let differently spelled copies of the same
    /// parameters through.
    public func candidates() -> [[UInt8]] {
        var list = CandidateList()
        let query = queryBytes.map(Self.spellings(ofEncoded:))
        var decodedBodies: [[UInt8]] = []
        switch bodyKind {
        case nil, .json(nil):
            break
        case .form(let bytes):
            let spellings = Self.spellings(ofEncoded: bytes)
            spellings.forEach { list.insert($0) }
            decodedBodies = Array(spellings.suffix(2))
        case .json(let value?):
            guard let members = value.members else { break }
            for dialect in JSONBodyDialect.all {
                guard let pairs = dialect.pairs(of: members) else { continue }
                let decoded = Self.join(pairs.map { Array($0.key.utf8) + [UInt8(ascii: "=")] + Array($0.value.utf8) })
                let encoded = Self.join(
                    pairs.map {
                        URLFormEncoding.quotePlus($0.key) + [UInt8(ascii: "=")] + URLFormEncoding.quotePlus($0.value)
                    }
                )
                list.insert(decoded)
                list.insert(encoded)
                list.insert(URLFormEncoding.restoringBrackets(encoded))
                decodedBodies.append(decoded)
            }
        }
        if let query {
            query.forEach { list.insert($0) }
            for body in decodedBodies where !body.isEmpty {
                list.insert(query[2] + [UInt8(ascii: "&")] + body)
            }
        }
        return list.items
    }

    /// Raw, bracket-restored, decoded keeping `+`, decoded with `+` as space (in that order).
    private static func spellings(ofEncoded bytes: [UInt8]) -> [[UInt8]] {
        [
            bytes,
            URLFormEncoding.restoringBrackets(bytes),
            URLFormEncoding.decode(bytes, plusAsSpace: false),
            URLFormEncoding.decode(bytes, plusAsSpace: true),
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
