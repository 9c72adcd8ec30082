import BourseAuth
import BourseClient
import BourseCommandSupport
import BourseCore
import BourseStore
import Foundation

/// The users of `bourse bench auction`, made straight in a fresh data directory before the server starts:
/// a seller and the bidders, each with a session (signing in 500 users through bcrypt would take longer
/// than the benchmark) and, for the bidders, won deposited through the journal (`bourse ingest`).
struct AuctionBenchUsers {
    var seller: String
    /// Session tokens, by bidder number.
    var bidders: [String]

    /// Makes them in `directory`, with `won` for each bidder.
    static func make(bidders count: Int, won: Int64, in directory: URL) async throws -> AuctionBenchUsers {
        let storage = try StoreOptions.parse(["--data-dir", directory.path])
        let location = try await storage.resolve()
        let now = Timestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1_000))
        let day = Timestamp(milliseconds: now.milliseconds + 86_400_000)
        let (seller, bidders) = try await location.withStore { store in
            func user(_ name: String) async throws -> (AccountID, String) {
                let account = try await store.createAccount(named: name, at: now)
                let token = SessionToken()
                try await store.saveSession(
                    StoredSession(tokenHash: token.hash, account: account.id, createdAt: now, expiresAt: day))
                return (account.id, token.text)
            }
            let seller = try await user("bench-seller")
            var bidders: [(AccountID, String)] = []
            for index in 0..<count { bidders.append(try await user("bench-bidder-\(index + 1)")) }
            return (seller, bidders)
        }
        let deposits = bidders.enumerated().map { index, bidder in
            #"{"tag":"\#(index)","type":"deposit","account":\#(bidder.0.rawValue),"currency":"KRW","amount":"\#(won)"}"#
        }
        let answers = try ServerProcess.runSelf(
            ["ingest", "--data-dir", directory.path], input: deposits.joined(separator: "\n") + "\n")
        guard !answers.contains(#""error""#) else { throw BenchError("a deposit was refused: \(answers.prefix(300))") }
        return AuctionBenchUsers(seller: seller.1, bidders: bidders.map(\.1))
    }

    /// A 1×1 PNG: the one photo a listing needs.
    static let photo = PhotoFile(
        filename: "lot.png",
        bytes: Data([
            0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
            0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53, 0xde, 0x00, 0x00, 0x00,
            0x0c, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xdf, 0xc0, 0x00, 0x00, 0x04, 0x01, 0x01, 0x80, 0xc5,
            0x2a, 0x18, 0x5d, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
        ]), contentType: "image/png")
}
