import Testing

@testable import BourseAuth

@Suite struct PythonFloatTextTests {
    /// Expected texts from Python 3.11: `repr(float(literal))`.
    @Test(arguments: [
        ("0.00001", "1e-05"),
        ("1e-7", "1e-07"),
        ("1E-7", "1e-07"),
        ("0.0001", "0.0001"),
        ("0.00100", "0.001"),
        ("1e16", "1e+16"),
        ("10000000000000000.0", "1e+16"),
        ("9999999999999998", "9999999999999998.0"),
        ("12345678901234567", "1.2345678901234568e+16"),
        ("100", "100.0"),
        ("1e2", "100.0"),
        ("0.1", "0.1"),
        ("0.30000000000000004", "0.30000000000000004"),
        ("1.5e300", "1.5e+300"),
        ("4.9e-324", "5e-324"),
        ("-0.0", "-0.0"),
        ("0", "0.0"),
        ("-0.000025", "-2.5e-05"),
        ("123456.789", "123456.789"),
        ("1e22", "1e+22"),
        ("9007199254740992", "9007199254740992.0"),
        ("2.5E+3", "2500.0"),
    ])
    func jsonNumbersAreSpelledAsPythonsReprOfTheFloat(literal: String, python: String) {
        #expect(PythonFloatText.spelling(ofNumber: literal) == python)
    }

    @Test func numbersBeyondTheDoubleRangeHaveNoSpelling() {
        #expect(PythonFloatText.spelling(ofNumber: "1e400") == nil)
    }
}
