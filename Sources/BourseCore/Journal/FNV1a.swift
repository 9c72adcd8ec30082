/// FNV-1a, 64-bit: the checksum of journal records and snapshots. Cheap, and enough to tell damaged
/// bytes from good ones; it is not a defence against someone who crafts bytes on purpose.
public enum FNV1a {
    /// The hash of `bytes`.
    public static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBufferPointer { buffer in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in buffer {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
            return hash
        }
    }
}
