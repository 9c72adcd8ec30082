import BourseWire
import Testing

/// The EXIF orientation tag read from a JPEG, and where each orientation puts a stored pixel.
@Suite("Image orientation")
struct ImageOrientationTests {
    /// A JPEG start with an `APP1` EXIF segment giving `value`, in TIFF byte order `little` or big.
    static func jpeg(orientation value: UInt16, little: Bool, before: [UInt8] = []) -> [UInt8] {
        func two(_ number: Int) -> [UInt8] {
            little ? [UInt8(number & 0xFF), UInt8(number >> 8)] : [UInt8(number >> 8), UInt8(number & 0xFF)]
        }
        func four(_ number: Int) -> [UInt8] { little ? two(number) + [0, 0] : [0, 0] + two(number) }
        let order: [UInt8] = little ? Array("II".utf8) : Array("MM".utf8)
        // TIFF header, IFD0 at 8 with two entries (ImageWidth first, so the tag is not simply the first).
        let tiff =
            order + two(42) + four(8) + two(2) + two(0x0100) + two(3) + four(1) + two(640) + [0, 0]
            + two(0x0112) + two(3) + four(1) + two(Int(value)) + [0, 0] + four(0)
        let payload = Array("Exif\0\0".utf8) + tiff
        let length = payload.count + 2
        return [0xFF, 0xD8] + before + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
            + [0xFF, 0xDA, 0x00, 0x02]
    }

    @Test(arguments: ImageOrientation.allCases, [true, false])
    func theTagIsReadInEitherByteOrder(orientation: ImageOrientation, little: Bool) {
        #expect(
            ImageOrientation(jpeg: Self.jpeg(orientation: UInt16(orientation.rawValue), little: little)) == orientation)
    }

    @Test func aJFIFSegmentBeforeTheEXIFIsSkipped() {
        let jfif: [UInt8] = [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0]
        #expect(ImageOrientation(jpeg: Self.jpeg(orientation: 6, little: false, before: jfif)) == .right)
    }

    @Test func anythingElseIsUp() {
        #expect(ImageOrientation(jpeg: []) == .up)
        #expect(ImageOrientation(jpeg: [0x89, 0x50, 0x4E, 0x47]) == .up)
        // Out of range, cut short, or no EXIF before the image data.
        #expect(ImageOrientation(jpeg: Self.jpeg(orientation: 9, little: true)) == .up)
        #expect(ImageOrientation(jpeg: Self.jpeg(orientation: 0, little: true)) == .up)
        #expect(ImageOrientation(jpeg: Array(Self.jpeg(orientation: 6, little: true).prefix(30))) == .up)
        #expect(ImageOrientation(jpeg: [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02]) == .up)
    }

    @Test(arguments: ImageOrientation.allCases)
    func everyOrientationMovesEachPixelToADifferentPlaceInTheShownImage(orientation: ImageOrientation) {
        let (width, height) = (5, 3)
        var seen = Set<[Int]>()
        for y in 0..<height {
            for x in 0..<width {
                let to = orientation.shown(x: x, y: y, width: width, height: height)
                #expect((0..<(orientation.swapsAxes ? height : width)).contains(to.x))
                #expect((0..<(orientation.swapsAxes ? width : height)).contains(to.y))
                seen.insert([to.x, to.y])
            }
        }
        #expect(seen.count == width * height)
    }

    @Test func theStoredTopLeftCornerLandsWhereTheCameraHadIt() {
        // Where stored (0, 0) shows in a 5 × 3 image: EXIF's table of the eight orientations.
        let corners = ImageOrientation.allCases.map { $0.shown(x: 0, y: 0, width: 5, height: 3) }
        #expect(
            corners.map { [$0.x, $0.y] } == [[0, 0], [4, 0], [4, 2], [0, 2], [0, 0], [2, 0], [2, 4], [0, 4]])
    }
}
