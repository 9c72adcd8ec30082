/// The demo's item photos, generated, never downloaded: a PNG of a few bands of colour, made from a seed.
///
/// The image data is stored without compression (zlib's "stored" blocks), so no compression library is
/// needed; at 160 × 120 a photo is ~58 KB, small enough for a demo that lists one every few minutes.
enum DemoPhoto {
    static func png(width: Int = 160, height: Int = 120, seed: UInt64) -> [UInt8] {
        var colours: [[UInt8]] = []
        var state = seed | 1
        for _ in 0..<4 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            colours.append([
                UInt8(truncatingIfNeeded: state >> 56), UInt8(truncatingIfNeeded: state >> 48),
                UInt8(truncatingIfNeeded: state >> 40),
            ])
        }
        var raw: [UInt8] = []
        raw.reserveCapacity((width * 3 + 1) * height)
        for y in 0..<height {
            raw.append(0)  // filter: none
            for x in 0..<width {
                let band = ((x + y / 2) * colours.count / (width + height / 2)) % colours.count
                raw += colours[band]
            }
        }
        var header: [UInt8] = []
        header += bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0]  // 8-bit RGB
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlibStored(raw))
            + chunk("IEND", [])
    }

    /// A zlib stream of `data` in stored (uncompressed) blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let final: UInt8 = offset + length == data.count ? 1 : 0
            out += [
                final, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF),
            ]
            out += data[offset..<(offset + length)]
            offset += length
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }

    static func chunk(_ kind: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(kind.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
}
