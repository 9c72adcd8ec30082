public import BourseCore

extension JSONWriter {
    /// Writes an integer (`timestamp`, `sequential_id`, `unit`).
    public mutating func integer(_ value: Int64) {
        separate()
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude)
    }

    /// Writes an integer (`timestamp`, `sequential_id`, `unit`).
    public mutating func integer(_ value: Int) {
        integer(Int64(value))
    }

    /// Writes an amount as a JSON number: a plain decimal, trailing zeros trimmed, no exponent.
    ///
    /// With `alwaysFractional` (Upbit's quotation prices and sizes, which clients expect to parse as
    /// floats) an integral value keeps one fractional digit: `102417000.0`, `0.00012`, `3105.5`. Without
    /// it, `0` and `100000` stay integers (the orderbook `level`).
    public mutating func number(_ value: some FixedPoint, alwaysFractional: Bool = true) {
        separate()
        appendDecimal(
            value.units.magnitude, negative: value.units < 0, decimals: fixedPointDecimals,
            alwaysFractional: alwaysFractional)
    }

    /// Writes a total as a JSON number, spelled like ``number(_:alwaysFractional:)``.
    public mutating func number(_ sum: FixedPointSum<some FixedPoint>, alwaysFractional: Bool = true) {
        separate()
        let negative = sum.units < 0
        let magnitude = sum.units.magnitude
        if let small = UInt64(exactly: magnitude) {
            appendDecimal(small, negative: negative, decimals: fixedPointDecimals, alwaysFractional: alwaysFractional)
        } else {
            appendDecimal(
                magnitude, negative: negative, decimals: fixedPointDecimals, alwaysFractional: alwaysFractional)
        }
    }

    /// Writes a rate as a JSON number with up to ten decimals: `0.0123456789`, `-0.015`, `0.0`.
    public mutating func number(_ rate: ChangeRate) {
        separate()
        appendDecimal(
            rate.units.magnitude, negative: rate.units < 0, decimals: ChangeRate.decimals, alwaysFractional: true)
    }

    /// Writes an amount as a JSON string holding its plain decimal: `"1000"`, `"0.001"` (`tick_size`).
    public mutating func decimalString(_ value: some FixedPoint) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        appendDecimal(
            value.units.magnitude, negative: value.units < 0, decimals: fixedPointDecimals, alwaysFractional: false)
        bytes.append(UInt8(ascii: "\""))
    }

    // MARK: - Internals

    /// `magnitude / 10^decimals` with a `-` when `negative` and not zero; trailing fraction zeros trimmed.
    private mutating func appendDecimal<Magnitude: FixedWidthInteger & UnsignedInteger>(
        _ magnitude: Magnitude, negative: Bool, decimals: Int, alwaysFractional: Bool
    ) {
        var scale: Magnitude = 1
        for _ in 0..<decimals { scale *= 10 }
        if negative && magnitude != 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(magnitude / scale)
        var fraction = magnitude % scale
        guard fraction != 0 else {
            if alwaysFractional { bytes.append(contentsOf: [UInt8(ascii: "."), UInt8(ascii: "0")]) }
            return
        }
        var places = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        bytes.append(UInt8(ascii: "."))
        // Leading zeros of the fraction: `places` digits in all, the significant ones written last.
        let start = bytes.count
        appendDigits(fraction)
        let leadingZeros = places - (bytes.count - start)
        if leadingZeros > 0 {
            bytes.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: leadingZeros), at: start)
        }
    }

    /// The decimal digits of `value`, most significant first.
    private mutating func appendDigits<Magnitude: FixedWidthInteger & UnsignedInteger>(_ value: Magnitude) {
        let start = bytes.count
        var rest = value
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10))
            rest /= 10
        } while rest > 0
        reverseTail(from: start)
    }
}
