import BourseWire

/// One way a client turns a JSON body's members into the `k=v&…` string it hashes.
///
/// Every dialect keeps the body's key order. They differ where clients differ: how `null` and booleans
/// are spelled, whether a number keeps its literal text or is re-spelled as Python's `str()` of the float
/// (ccxt writes the body with orjson, `0.00001`, but hashes `str(0.00001)`, `1e-05`), and whether an array
/// under `k` repeats `k[]` (Upbit's rule) or `k` (Python's `urlencode(doseq=True)`).
struct JSONBodyDialect: Hashable {
    /// How a `null` value is written; `nil` leaves the pair out.
    var null: String?
    /// Python's `True`/`False` (pyupbit passes values through `str()`) instead of JSON's `true`/`false`.
    var pythonBooleans: Bool
    /// Numbers with a fraction or exponent are written as Python's `str(float)`; integers stay as written.
    var pythonNumbers: Bool
    /// Arrays repeat the key as written instead of as `key[]`.
    var repeatsPlainKey: Bool

    /// Upbit's documented rule: nulls left out, `true`/`false`, `k[]=v` per element.
    static let upbit = Self(null: nil, pythonBooleans: false, pythonNumbers: false, repeatsPlainKey: false)
    /// ccxt: Python's `str()` of `None` and of floats, booleans turned into `true`/`false` by its `urlencode`.
    static let ccxt = Self(null: "None", pythonBooleans: false, pythonNumbers: true, repeatsPlainKey: false)
    /// pyupbit: `urlencode(params, doseq=True)` of Python values.
    static let pyupbit = Self(null: "None", pythonBooleans: true, pythonNumbers: true, repeatsPlainKey: true)
    /// Hand-written clients that spell a null as JSON does.
    static let jsonNull = Self(null: "null", pythonBooleans: false, pythonNumbers: false, repeatsPlainKey: false)

    /// All dialects, most common first.
    static let all: [JSONBodyDialect] = [.upbit, .ccxt, .pyupbit, .jsonNull]

    /// The `(key, value)` pairs of `members` in order, or `nil` if a value is an object or a nested
    /// array, which no Upbit endpoint takes and no client spells the same way.
    func pairs(of members: [JSONMember]) -> [(key: String, value: String)]? {
        var pairs: [(key: String, value: String)] = []
        for member in members {
            var key = member.key
            var values = [member.value]
            if case .array(let elements) = member.value {
                key = repeatsPlainKey || key.hasSuffix("[]") ? key : key + "[]"
                values = elements
            }
            for value in values {
                switch render(value) {
                case .text(let text): pairs.append((key, text))
                case .omitted: continue
                case .unsupported: return nil
                }
            }
        }
        return pairs
    }

    private enum Rendering {
        case text(String)
        case omitted
        case unsupported
    }

    private func render(_ value: JSONValue) -> Rendering {
        switch value {
        case .null: null.map(Rendering.text) ?? .omitted
        case .bool(let flag): .text(pythonBooleans ? (flag ? "True" : "False") : (flag ? "true" : "false"))
        case .number(let literal): .text(pythonNumbers ? Self.pythonText(ofNumber: literal) : literal)
        case .string(let text): .text(text)
        case .array, .object: .unsupported
        }
    }

    /// An integer literal as written (Python keeps it an `int`); any other number as `str(float)`.
    private static func pythonText(ofNumber literal: String) -> String {
        guard literal.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) else { return literal }
        return PythonFloatText.spelling(ofNumber: literal) ?? literal
    }
}
