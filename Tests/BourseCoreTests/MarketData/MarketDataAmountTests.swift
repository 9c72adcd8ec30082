import BourseCore
import Testing

@Suite("Market data amounts and rates")
struct MarketDataAmountTests {
    @Test func sumsGrowPastWhatAnInt64Holds() {
        var sum = FixedPointSum<Volume>()
        sum.add(Volume(units: .max))
        #expect(sum.amount == Volume(units: .max))
        sum.add(Volume(units: .max))
        #expect(sum.units == 18_446_744_073_709_551_614)
        #expect(sum.amount == nil)
        #expect(sum.description == "184467440737.09551614")
    }

    @Test func sumsSpellPlainDecimals() {
        #expect(FixedPointSum<Funds>(units: -150_000_000).description == "-1.5")
        #expect(FixedPointSum<Funds>(f("0.0005")).description == "0.0005")
        #expect(FixedPointSum<Funds>.zero.description == "0")
        var sum = FixedPointSum(f("10"))
        sum.subtract(FixedPointSum(f("2.5")))
        #expect(sum.description == "7.5")
    }

    @Test(arguments: [
        ("3", "4", "0.3333333333"),
        ("3", "5", "0.6666666667"),
        ("3", "1", "-0.6666666667"),
        ("100", "101", "0.01"),
        ("101", "99", "-0.0198019802"),
        ("101", "101", "0"),
        // 1 / 20,000,000,000 of a unit is exactly half of 10⁻¹⁰: halves go away from zero.
        ("200", "200.00000001", "0.0000000001"),
        ("200", "199.99999999", "-0.0000000001"),
    ])
    func ratesAreRoundedToTenPlacesHalfAwayFromZero(base: String, price: String, rate: String) {
        #expect(ChangeRate(from: p(base), to: p(price)).description == rate)
    }

    @Test func aRateFromNothingIsZeroAndMagnitudesDropTheSign() {
        #expect(ChangeRate(from: .zero, to: p("5")) == .zero)
        #expect(ChangeRate(units: -5).magnitude == ChangeRate(units: 5))
        #expect(ChangeRate(from: p("3"), to: p("1")).units == -6_666_666_667)
    }

    @Test func changeComparesThePriceWithThePreviousClose() {
        #expect(PriceChange(from: p("100"), to: p("101")) == .rise)
        #expect(PriceChange(from: p("100"), to: p("100")) == .even)
        #expect(PriceChange(from: p("100"), to: p("99")) == .fall)
        #expect(PriceChange.allCases.map(\.rawValue) == ["RISE", "EVEN", "FALL"])
    }
}
