/// What an uploaded image is, read from its bytes: the type and the pixel size, whatever its file name or
/// declared content type say.
///
/// Only the headers are read (PNG's `IHDR`, JPEG's start-of-frame marker, WebP's `VP8 `/`VP8L`/`VP8X`
/// chunk), so a file is classified without decoding it: an upload is checked before any decoder sees it, and
/// the size read here bounds what the server's list renditions (libgd) will decode. Hand-written because
/// the three headers are a few dozen lines in the pure wire module; anything else, or a header that does
/// not add up, is refused.
public struct ImageFormat: Sendable, Hashable {
    /// The three types the auction accepts.
    public enum Kind: String, Sendable, Hashable {
        case jpeg, png, webp

        /// The `Content-Type` the bytes are served with.
        public var contentType: String { "image/\(rawValue)" }
    }

    /// The type.
    public var kind: Kind
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// An image format spelled out.
    public init(kind: Kind, width: Int, height: Int) {
        self.kind = kind
        self.width = width
        self.height = height
    }

    /// The format of `bytes`; nil unless they start as a JPEG, PNG or WebP with a readable size.
    public init?(sniffing bytes: [UInt8]) {
        guard let found = Self.png(bytes) ?? Self.jpeg(bytes) ?? Self.webp(bytes), found.width > 0, found.height > 0
        else { return nil }
        self = found
    }

    private static func png(_ bytes: [UInt8]) -> ImageFormat? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8)
        else { return nil }
        return ImageFormat(kind: .png, width: bigEndian(bytes, 16, 4), height: bigEndian(bytes, 20, 4))
    }

    private static func jpeg(_ bytes: [UInt8]) -> ImageFormat? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index = 2
        // Segments until a start-of-frame (SOF0–SOF15 except DHT C4, JPG C8, DAC CC) gives the size.
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF {
                index += 1
                continue
            }
            // `FF 00` is no marker: libjpeg skips it as filler and reads on, so a length read here would
            // skip what libjpeg decodes (a second frame of another size behind a small decoy). Refused.
            if marker == 0x00 { return nil }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 {
                index += 2
                continue
            }
            if marker == 0xD9 || marker == 0xDA { return nil }
            let length = bigEndian(bytes, index + 2, 2)
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return ImageFormat(
                    kind: .jpeg, width: bigEndian(bytes, index + 7, 2), height: bigEndian(bytes, index + 5, 2))
            }
            index += 2 + length
        }
        return nil
    }

    private static func webp(_ bytes: [UInt8]) -> ImageFormat? {
        guard bytes.count >= 30, Array(bytes[0..<4]) == Array("RIFF".utf8), Array(bytes[8..<12]) == Array("WEBP".utf8)
        else { return nil }
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8 ":
            // A key frame's start code, then 14-bit width and height.
            guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A else { return nil }
            return ImageFormat(
                kind: .webp, width: littleEndian(bytes, 26, 2) & 0x3FFF, height: littleEndian(bytes, 28, 2) & 0x3FFF)
        case "VP8L":
            guard bytes[20] == 0x2F else { return nil }
            let bits = littleEndian(bytes, 21, 4)
            return ImageFormat(kind: .webp, width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            return ImageFormat(
                kind: .webp, width: littleEndian(bytes, 24, 3) + 1, height: littleEndian(bytes, 27, 3) + 1)
        default:
            return nil
        }
    }

    private static func bigEndian(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int {
        bytes[start..<(start + count)].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int {
        bytes[start..<(start + count)].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
