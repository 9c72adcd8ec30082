/// How a photo's stored pixels must be turned to stand the way the camera held it: the EXIF `Orientation`
/// tag (0x0112) of a JPEG's `APP1` segment.
///
/// Phones store portrait photos as landscape pixels with this tag; browsers apply it when they show the
/// original, so a smaller rendition must apply it too or it would lie on its side beside the original.
/// Read by hand for the same reason as ``ImageFormat``: it is one tag in one segment, and the image
/// library that scales photos does not read it.
public enum ImageOrientation: Int, Sendable, Hashable, CaseIterable {
    /// As stored.
    case up = 1
    /// Mirrored left to right.
    case upMirrored = 2
    /// Turned half a turn.
    case down = 3
    /// Mirrored top to bottom.
    case downMirrored = 4
    /// Mirrored across the main diagonal (rows become columns).
    case leftMirrored = 5
    /// Turned a quarter turn clockwise to show.
    case right = 6
    /// Mirrored across the other diagonal.
    case rightMirrored = 7
    /// Turned a quarter turn counter-clockwise to show.
    case left = 8

    /// Whether the shown image is as wide as the stored one is high.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// Where the stored pixel at (`x`, `y`) of a `width` × `height` image goes in the shown image.
    public func shown(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .up: (x, y)
        case .upMirrored: (width - 1 - x, y)
        case .down: (width - 1 - x, height - 1 - y)
        case .downMirrored: (x, height - 1 - y)
        case .leftMirrored: (y, x)
        case .right: (height - 1 - y, x)
        case .rightMirrored: (height - 1 - y, width - 1 - x)
        case .left: (y, width - 1 - x)
        }
    }

    /// The orientation a JPEG's EXIF data gives; ``up`` when `bytes` are not a JPEG, carry no EXIF
    /// segment before the image data, or the tag is missing or out of range.
    public init(jpeg bytes: [UInt8]) {
        self = Self.read(bytes) ?? .up
    }

    private static func read(_ bytes: [UInt8]) -> ImageOrientation? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index = 2
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            // The image data (SOS) or its end: no EXIF came before it.
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2, index + 2 + length <= bytes.count else { return nil }
            if marker == 0xE1, let found = exif(bytes, from: index + 4, to: index + 2 + length) { return found }
            index += 2 + length
        }
        return nil
    }

    /// The tag in the `APP1` payload `bytes[start..<end]`, if it is `Exif\0\0` and a TIFF header.
    private static func exif(_ bytes: [UInt8], from start: Int, to end: Int) -> ImageOrientation? {
        guard end - start >= 14, Array(bytes[start..<(start + 6)]) == Array("Exif\0\0".utf8) else { return nil }
        let tiff = start + 6
        let little: Bool
        switch (bytes[tiff], bytes[tiff + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func number(_ at: Int, _ count: Int) -> Int? {
            guard at >= tiff, at + count <= end else { return nil }
            let field = bytes[at..<(at + count)]
            return (little ? Array(field.reversed()) : Array(field)).reduce(0) { $0 << 8 | Int($1) }
        }
        guard let directory = number(tiff + 4, 4), let entries = number(tiff + directory, 2) else { return nil }
        for entry in 0..<entries {
            let at = tiff + directory + 2 + entry * 12
            guard let tag = number(at, 2) else { return nil }
            // Tag 0x0112, type SHORT (3): the value sits in the entry's first two value bytes.
            if tag == 0x0112, number(at + 2, 2) == 3, let value = number(at + 8, 2) {
                return ImageOrientation(rawValue: value)
            }
        }
        return nil
    }
}
