import BourseWire
import Testing

/// Uploaded photos are classified by their bytes: type and size from the headers, whatever the name says.
@Suite("Image formats")
struct ImageFormatTests {
    static func png(width: Int, height: Int) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + be(width, 4) + be(height, 4) + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
    }

    static func jpeg(width: Int, height: Int) -> [UInt8] {
        // SOI, an APP0 (JFIF) segment, a DQT stub, then SOF2 (progressive) with the size.
        [0xFF, 0xD8] + [0xFF, 0xE0, 0, 16] + Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0]
            + [0xFF, 0xDB, 0, 4, 0, 0]
            + [0xFF, 0xC2, 0, 17, 8] + be(height, 2) + be(width, 2) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
            + [0xFF, 0xD9]
    }

    static func webp(_ chunk: String, _ payload: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + le(payload.count + 12, 4) + Array("WEBP".utf8) + Array(chunk.utf8) + le(payload.count, 4)
            + payload + [UInt8](repeating: 0, count: 8)
    }

    static func be(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(value >> ($0 * 8) & 0xFF) }
    }
    static func le(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(value >> ($0 * 8) & 0xFF) } }

    @Test func aFillerMarkerCannotHideTheFrameLibjpegDecodes() {
        // libjpeg skips `FF 00` as filler and would decode the 46,000 × 46,000 frame behind it; read as a
        // length, it would hide that frame and leave the 100 × 100 decoy. Such bytes are refused.
        let hidden = [0xFF, 0xC0, 0, 17, 8] + Self.be(46_000, 2) + Self.be(46_000, 2) + [3, 1, 0x22, 0, 2, 0x11, 1, 3]
        let decoy = Self.jpeg(width: 100, height: 100).dropFirst(2)
        let crafted: [UInt8] = [0xFF, 0xD8, 0xFF, 0x00, 0, UInt8(hidden.count + 2)] + hidden + decoy
        #expect(ImageFormat(sniffing: crafted) == nil)
    }

    @Test func pngJpegAndWebpGiveTheirTypeAndSize() {
        #expect(
            ImageFormat(sniffing: Self.png(width: 640, height: 480)) == ImageFormat(kind: .png, width: 640, height: 480)
        )
        #expect(
            ImageFormat(sniffing: Self.jpeg(width: 1_920, height: 1_080))
                == ImageFormat(kind: .jpeg, width: 1_920, height: 1_080))
        let vp8x = Self.webp("VP8X", [0, 0, 0, 0] + Self.le(799, 3) + Self.le(599, 3))
        #expect(ImageFormat(sniffing: vp8x) == ImageFormat(kind: .webp, width: 800, height: 600))
        let lossless = (300 - 1) | ((200 - 1) << 14)
        #expect(
            ImageFormat(sniffing: Self.webp("VP8L", [0x2F] + Self.le(lossless, 4)))
                == ImageFormat(kind: .webp, width: 300, height: 200))
        let lossy = [0x10, 0x02, 0x00, 0x9D, 0x01, 0x2A] + Self.le(1_024, 2) + Self.le(768, 2)
        #expect(ImageFormat(sniffing: Self.webp("VP8 ", lossy)) == ImageFormat(kind: .webp, width: 1_024, height: 768))
        #expect(ImageFormat.Kind.webp.contentType == "image/webp")
    }

    @Test func otherBytesAreRefusedWhateverTheyClaim() {
        let gif = Array("GIF89a".utf8) + [1, 0, 1, 0] + [UInt8](repeating: 0, count: 30)
        let truncated = Array(Self.png(width: 10, height: 10).prefix(20))
        var zeroWidth = Self.png(width: 0, height: 10)
        #expect(ImageFormat(sniffing: gif) == nil)
        #expect(ImageFormat(sniffing: Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)) == nil)
        #expect(ImageFormat(sniffing: truncated) == nil)
        #expect(ImageFormat(sniffing: zeroWidth) == nil)
        zeroWidth[12] = UInt8(ascii: "X")
        #expect(ImageFormat(sniffing: zeroWidth) == nil)
        // A JPEG whose scan starts before any frame header has no size to trust.
        #expect(ImageFormat(sniffing: [0xFF, 0xD8, 0xFF, 0xDA, 0, 8] + [UInt8](repeating: 0, count: 20)) == nil)
        #expect(ImageFormat(sniffing: []) == nil)
    }
}
