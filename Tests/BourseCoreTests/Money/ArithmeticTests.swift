import BourseCore
import Testing

@Suite("Fixed-point arithmetic")
struct ArithmeticTests {
    @Test func productsRoundAsAskedWithoutOverflowingOnTheWay() {
        // 100,000,000 KRW × 0.12345678 BTC does not fit in Int64 units before dividing; Int128 does.
        #expect(Funds.value(of: v("0.12345678"), at: p("100000000"), rounding: .down) == f("12345678"))
        #expect(Funds.value(of: v("0.00000001"), at: p("0.5"), rounding: .down) == .zero)
        #expect(Funds.value(of: v("0.00000001"), at: p("0.5"), rounding: .up) == Funds(units: 1))
        #expect(Funds.value(of: v("0.00000003"), at: p("0.5"), rounding: .nearest) == Funds(units: 2))
    }

    @Test func productsTooLargeForInt64AreReportedNotWrapped() {
        #expect(Funds.value(of: v("90000000000"), at: p("90000000000"), rounding: .down) == nil)
        #expect(Price(units: .max).adding(Price(units: 1)) == nil)
        #expect(Volume(units: .min).subtracting(Volume(units: 1)) == nil)
        #expect(Price(whole: 100_000_000_000) == nil)
    }

    @Test func feesRoundUpInTheExchangesFavour() {
        #expect(FeeRate.upbitDefault.fee(on: f("5000")) == f("2.5"))
        #expect(FeeRate.upbitDefault.fee(on: f("0.00000001")) == Funds(units: 1))
        #expect(FeeRate.upbitDefault.fee(on: .zero) == .zero)
        #expect(FeeRate(units: 0).fee(on: f("1000000")) == .zero)
    }

    @Test func affordableVolumeRoundsDown() {
        #expect(f("10000000").affordableVolume(at: p("30000000")) == v("0.33333333"))
        #expect(f("0.00000001").affordableVolume(at: p("2")) == .zero)
        #expect(f("1").affordableVolume(at: .zero) == nil)
    }

    @Test(arguments: [
        (Int128(7), Int128(2), Rounding.down, Int64(3)),
        (7, 2, .up, 4),
        (7, 2, .nearest, 4),
        (-7, 2, .down, -4),
        (-7, 2, .up, -3),
        (-7, 2, .nearest, -4),
        (5, 3, .nearest, 2),
        (4, 3, .nearest, 1),
    ])
    func divisionRoundsInTheDirectionAsked(numerator: Int128, denominator: Int128, rounding: Rounding, result: Int64) {
        #expect(Rounding.divide(numerator, by: denominator, rounding) == result)
    }
}
