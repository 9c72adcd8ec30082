/// The JSON keys the SDK reads, under both of Upbit's spellings: REST and the WebSocket's DEFAULT format
/// use full names (`trade_price`), the SIMPLE format abbreviations (`tp`).
struct WireKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer where Key == WireKey {
    /// The value under the first of `names` present; throws if none is.
    func value<T: Decodable>(_ names: String..., as type: T.Type = T.self) throws -> T {
        for name in names {
            if let value = try decodeIfPresent(T.self, forKey: WireKey(name)) { return value }
        }
        throw DecodingError.keyNotFound(
            WireKey(names[0]), DecodingError.Context(codingPath: codingPath, debugDescription: "missing \(names)"))
    }

    /// The value under the first of `names` present and not null.
    func optionalValue<T: Decodable>(_ names: String..., as type: T.Type = T.self) throws -> T? {
        for name in names {
            if let value = try decodeIfPresent(T.self, forKey: WireKey(name)) { return value }
        }
        return nil
    }
}
