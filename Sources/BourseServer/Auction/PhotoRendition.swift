import BourseWire
import CGD

/// The smaller copy of a photo that lists show: at most ``side`` pixels on its longer side, a JPEG, turned
/// the way the camera held it, transparency laid on white.
///
/// libgd decodes and scales (a well-kept C library from Debian, linked rather than written here: decoding
/// JPEG and WebP by hand is not a small job). Its resampling averages every source pixel under each output
/// pixel, so a 4,000-pixel photo shrinks without the shimmer of nearest-pixel scaling.
enum PhotoRendition {
    /// The longer side of a rendition: twice a list card's 240 CSS pixels, for high-density screens.
    static let side = 480
    /// The most pixels a photo may have to be decoded at all (a 24-megapixel camera's 6,000 × 4,000 fits).
    /// libgd holds 4 bytes a pixel, PNG and WebP decoding another 4 or more, a progressive JPEG's coefficients
    /// 6–8: up to ~250 MB while one is made. Larger photos (the upload limit is 20,000 a side) are served
    /// whole in lists.
    static let pixelLimit = 25_000_000
    /// The most scans a JPEG may have. libjpeg decodes every scan over the whole image and has no limit of
    /// its own, so a crafted progressive JPEG of thousands of nearly empty scans would take minutes; real
    /// progressive JPEGs have about ten.
    static let scanLimit = 100
    /// libjpeg's quality scale; 82 keeps small text on a label readable at a quarter of the bytes of 95.
    static let quality: Int32 = 82

    /// Whether `format` needs no rendition: a JPEG already no larger than one. Lists then show the original.
    static func isSmallEnough(_ format: ImageFormat) -> Bool {
        format.kind == .jpeg && max(format.width, format.height) <= side
    }

    /// The rendition of `bytes`; nil if they are not an image ``ImageFormat`` reads, have more than
    /// ``pixelLimit`` pixels or a JPEG's ``scanLimit`` scans, or libgd cannot decode them. The size is read
    /// from the bytes here, not taken from the store, so what is checked is what libgd will decode. Decoding
    /// takes up to a few hundred milliseconds: call it off the event loops.
    static func make(from bytes: [UInt8]) -> [UInt8]? {
        guard let format = ImageFormat(sniffing: bytes), format.width * format.height <= pixelLimit else { return nil }
        if format.kind == .jpeg, scans(in: bytes) > scanLimit { return nil }
        _ = quietErrors
        let decoded: gdImagePtr? = bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return nil }
            // libgd takes a non-const pointer but only reads the bytes.
            let data = UnsafeMutableRawPointer(mutating: base)
            let count = Int32(raw.count)
            switch format.kind {
            case .jpeg: return gdImageCreateFromJpegPtrEx(count, data, 1)
            case .png: return gdImageCreateFromPngPtr(count, data)
            case .webp: return gdImageCreateFromWebpPtr(count, data)
            }
        }
        guard let source = decoded else { return nil }
        defer { gdImageDestroy(source) }
        let width = Int(source.pointee.sx)
        let height = Int(source.pointee.sy)
        guard width > 0, height > 0 else { return nil }
        let orientation = format.kind == .jpeg ? ImageOrientation(jpeg: bytes) : .up
        let scale = min(1, Double(side) / Double(max(width, height)))
        let scaledWidth = max(1, Int((Double(width) * scale).rounded()))
        let scaledHeight = max(1, Int((Double(height) * scale).rounded()))
        guard let scaled = gdImageCreateTrueColor(Int32(scaledWidth), Int32(scaledHeight)) else { return nil }
        defer { gdImageDestroy(scaled) }
        gdImageFilledRectangle(scaled, 0, 0, Int32(scaledWidth - 1), Int32(scaledHeight - 1), 0xFF_FFFF)
        gdImageAlphaBlending(scaled, 1)
        gdImageCopyResampled(
            scaled, source, 0, 0, 0, 0, Int32(scaledWidth), Int32(scaledHeight), Int32(width), Int32(height))
        guard let shown = turned(scaled, orientation, width: scaledWidth, height: scaledHeight) else { return nil }
        defer { if shown != scaled { gdImageDestroy(shown) } }
        var size: Int32 = 0
        guard let jpeg = gdImageJpegPtr(shown, &size, quality) else { return nil }
        defer { gdFree(jpeg) }
        guard size > 0 else { return nil }
        return Array(UnsafeRawBufferPointer(start: jpeg, count: Int(size)))
    }

    /// How many start-of-scan markers (`FF DA`) `jpeg` has. Entropy-coded data stuffs every `FF` it holds
    /// as `FF 00`, so each `FF DA` in the file is a marker.
    static func scans(in jpeg: [UInt8]) -> Int {
        var count = 0
        var index = 0
        while index + 1 < jpeg.count {
            if jpeg[index] == 0xFF, jpeg[index + 1] == 0xDA { count += 1 }
            index += 1
        }
        return count
    }

    /// `image` turned to `orientation` (itself when it is ``ImageOrientation/up``). Pixel by pixel: a
    /// rendition has at most 230,400 of them, and libgd has no turn that also mirrors.
    private static func turned(
        _ image: gdImagePtr, _ orientation: ImageOrientation, width: Int, height: Int
    ) -> gdImagePtr? {
        guard orientation != .up else { return image }
        let shownWidth = orientation.swapsAxes ? height : width
        let shownHeight = orientation.swapsAxes ? width : height
        guard let shown = gdImageCreateTrueColor(Int32(shownWidth), Int32(shownHeight)) else { return nil }
        gdImageAlphaBlending(shown, 0)
        for y in 0..<height {
            for x in 0..<width {
                let to = orientation.shown(x: x, y: y, width: width, height: height)
                gdImageSetPixel(shown, Int32(to.x), Int32(to.y), gdImageGetTrueColorPixel(image, Int32(x), Int32(y)))
            }
        }
        return shown
    }

    /// libgd prints decoding errors to standard error; a photo that does not decode is reported once by the
    /// caller instead (its list shows the original). Set once, before the first decode.
    private static let quietErrors: Void = gdSetErrorMethod { _, _, _ in }
}
