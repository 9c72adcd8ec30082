import CGD

/// Real, decodable images made with libgd for the photo rendition tests: left half red, right half blue.
enum TestImages {
    /// A `width` × `height` image encoded as `kind` (`jpeg` or `png`).
    static func halves(width: Int, height: Int, png: Bool = false) -> [UInt8] {
        let image = gdImageCreateTrueColor(Int32(width), Int32(height))!
        defer { gdImageDestroy(image) }
        gdImageFilledRectangle(image, 0, 0, Int32(width / 2 - 1), Int32(height - 1), 0xFF_0000)
        gdImageFilledRectangle(image, Int32(width / 2), 0, Int32(width - 1), Int32(height - 1), 0x00_00FF)
        var size: Int32 = 0
        let data = png ? gdImagePngPtr(image, &size)! : gdImageJpegPtr(image, &size, 90)!
        defer { gdFree(data) }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(size)))
    }

    /// `jpeg` with an EXIF `APP1` segment giving `orientation` inserted after its start marker.
    static func withOrientation(_ jpeg: [UInt8], _ orientation: Int) -> [UInt8] {
        let tiff: [UInt8] =
            Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0]
            + [0, 0, 0, 0]
        let payload = Array("Exif\0\0".utf8) + tiff
        return [0xFF, 0xD8, 0xFF, 0xE1, 0, UInt8(payload.count + 2)] + payload + jpeg.dropFirst(2)
    }

    /// The size of a JPEG and its colour at (`x`, `y`) as (red, green, blue).
    static func decode(_ jpeg: [UInt8]) -> (width: Int, height: Int, at: (Int, Int) -> (Int, Int, Int))? {
        var bytes = jpeg
        guard let image = bytes.withUnsafeMutableBytes({ gdImageCreateFromJpegPtr(Int32($0.count), $0.baseAddress) })
        else { return nil }
        let width = Int(image.pointee.sx)
        let height = Int(image.pointee.sy)
        var pixels: [[(Int, Int, Int)]] = []
        for y in 0..<height {
            pixels.append(
                (0..<width).map { x in
                    let colour = Int(gdImageGetTrueColorPixel(image, Int32(x), Int32(y)))
                    return (colour >> 16 & 0xFF, colour >> 8 & 0xFF, colour & 0xFF)
                })
        }
        gdImageDestroy(image)
        return (width, height, { x, y in pixels[y][x] })
    }
}
