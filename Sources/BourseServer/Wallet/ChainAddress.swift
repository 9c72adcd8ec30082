import BourseCore

/// The deposit addresses of the simulated chains: derived from the account and network, so an account
/// always gets the same address on a chain, shaped like that chain's addresses (`bc1q…` on Bitcoin, `0x…`
/// on Ethereum-like chains, `r…` with a destination tag on Ripple).
enum ChainAddress {
    /// `account`'s deposit address on `network`.
    static func make(for account: AccountID, _ network: ChainNetwork) -> String {
        let seed = hash("\(account.rawValue)/\(network.currency)/\(network.netType)")
        switch network.netType {
        case "BTC": return "bc1q" + text(seed, count: 38, alphabet: bech32)
        case "ETH", "BSC", "ARB", "OP", "MATIC", "BASE": return "0x" + text(seed, count: 40, alphabet: hex)
        case "XRP": return "r" + text(seed, count: 33, alphabet: base58)
        case "TRX": return "T" + text(seed, count: 33, alphabet: base58)
        default: return network.netType.lowercased() + "1" + text(seed, count: 38, alphabet: bech32)
        }
    }

    /// The memo (destination tag) of `account` on chains that use one.
    static func memo(for account: AccountID, _ network: ChainNetwork) -> String? {
        network.usesMemo ? String(1_000_000 + account.rawValue % 4_000_000_000) : nil
    }

    private static let bech32 = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l")
    private static let hex = Array("0123456789abcdef")
    private static let base58 = Array("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz")

    private static func hash(_ text: String) -> UInt64 { FNV1a.hash(Array(text.utf8)[...]) }

    private static func text(_ seed: UInt64, count: Int, alphabet: [Character]) -> String {
        var state = seed
        var characters: [Character] = []
        characters.reserveCapacity(count)
        for _ in 0..<count {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            mixed ^= mixed >> 31
            characters.append(alphabet[Int(mixed % UInt64(alphabet.count))])
        }
        return String(characters)
    }
}
