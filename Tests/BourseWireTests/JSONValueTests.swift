import BourseWire
import Testing

@Suite struct JSONValueTests {
    private func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try JSONValue(parsing: text.utf8)
    }

    @Test func scalarsParseWithSurroundingWhitespace() throws {
        #expect(try parse(" \n\ttrue\r\n") == .bool(true))
        #expect(try parse("false") == .bool(false))
        #expect(try parse("null") == .null)
        #expect(try parse("\"hi\"") == .string("hi"))
    }

    @Test(arguments: ["0", "-0", "1.50", "-3", "1e5", "1E+5", "2.5e-10", "123456789012345678901234567890"])
    func numbersKeepTheirLiteralText(text: String) throws {
        #expect(try parse(text) == .number(text))
    }

    @Test func nestedContainersKeepDocumentOrder() throws {
        let value = try parse(#"{"b":[1,{"c":null}],"a":{},"d":[]}"#)
        #expect(value.members?.map(\.key) == ["b", "a", "d"])
        #expect(value["b"] == .array([.number("1"), .object([JSONMember(key: "c", value: .null)])]))
        #expect(value["a"] == .object([]))
        #expect(value["d"]?.arrayValue == [])
    }

    @Test func duplicateKeysAreKeptInOrderAndTheSubscriptReturnsTheFirst() throws {
        let value = try parse(#"{"k":1,"x":true,"k":2}"#)
        #expect(value.members?.map(\.key) == ["k", "x", "k"])
        #expect(value.members?.last?.value == .number("2"))
        #expect(value["k"] == .number("1"))
        #expect(value["missing"] == nil)
        #expect(JSONValue.array([])["k"] == nil)
    }

    @Test func escapesAreResolved() throws {
        #expect(try parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{8}\u{C}\n\r\t"))
        #expect(try parse(#""\u0041\u00e9\uAC00""#) == .string("Aé가"))
        #expect(try parse(#""\u0000""#) == .string("\u{0}"))
    }

    @Test func surrogatePairsDecodeToOneScalar() throws {
        #expect(try parse(#""\uD83D\uDE00""#) == .string("😀"))
        #expect(try parse(#""x\ud834\udd1ey""#) == .string("x𝄞y"))
    }

    @Test func rawUTF8StringsDecode() throws {
        #expect(try parse("\"비트코인 😀\"") == .string("비트코인 😀"))
    }

    @Test func convenienceAccessorsMatchOnlyTheirCase() throws {
        let value = try parse(#"["s",true,7]"#)
        #expect(value.arrayValue?[0].stringValue == "s")
        #expect(value.arrayValue?[1].boolValue == true)
        #expect(value.arrayValue?[2].numberText == "7")
        #expect(value.arrayValue?[2].stringValue == nil)
        #expect(value.members == nil)
    }

    @Test func nonContiguousInputParses() throws {
        let bytes = Array(#"{"a":[1,2]}"#.utf8).lazy.map { $0 }
        #expect(try JSONValue(parsing: bytes)["a"] == .array([.number("1"), .number("2")]))
    }

    @Test func nestingUpToTheLimitParses() throws {
        let text = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(try parse(text).arrayValue != nil)
    }

    @Test func aDepthBombIsRejectedAtTheLimit() {
        let text = String(repeating: "[", count: 100_000)
        #expect(throws: JSONParseError(offset: 64, reason: "containers nested deeper than 64")) {
            try parse(text)
        }
    }

    @Test(arguments: [
        ("", 0), ("   ", 3), ("tru", 0), ("nul", 0), ("True", 0), ("01", 1), ("-", 1), ("1.", 2), (".5", 0),
        ("1e", 2), ("+1", 0), ("[1,]", 3), ("[1 2]", 3), ("{\"a\" 1}", 5), ("{\"a\":1,}", 7), ("{a:1}", 1),
        ("{\"a\":1", 6), ("[", 1), ("\"abc", 0), ("\"a\u{1}b\"", 2), ("\"\\x\"", 2), ("\"\\u12G4\"", 5),
        ("1 2", 2), ("{} x", 3), ("[]]", 2), ("'a'", 0), ("NaN", 0), ("Infinity", 0),
    ])
    func invalidDocumentsAreRejectedWithAnOffset(text: String, offset: Int) {
        #expect {
            try parse(text)
        } throws: { error in
            (error as? JSONParseError)?.offset == offset
        }
    }

    @Test(arguments: [#""\uD83D""#, #""\uD83Dx""#, #""\uD83D\u0041""#, #""\uDE00""#, #""\uDE00\uD83D""#])
    func loneSurrogatesAreRejected(text: String) {
        #expect(throws: JSONParseError.self) { try parse(text) }
    }

    @Test(
        arguments: [
            [0x22, 0xFF, 0x22], [0x22, 0xC0, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22],
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0x80, 0x22],
        ] as [[UInt8]])
    func invalidUTF8IsRejectedAtTheBadByte(bytes: [UInt8]) {
        #expect(throws: JSONParseError(offset: 1, reason: "invalid UTF-8")) { try JSONValue(parsing: bytes) }
    }

    @Test func errorsDescribeTheReasonAndOffset() {
        #expect(JSONParseError(offset: 3, reason: "invalid literal").description == "invalid literal at byte 3")
    }
}
