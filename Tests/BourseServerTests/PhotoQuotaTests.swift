import BourseCore
import BourseStore
import Testing

@testable import BourseServer

/// Each user's photo uploads are bounded in bytes, so one account cannot fill the server's disk.
@Suite struct PhotoQuotaTests {
    @Test func uploadsPastTheQuotaAreRefusedByName() async throws {
        let store = InMemoryStore()
        let seller = try await store.createAccount(named: "seller", at: Timestamp(milliseconds: 1))
        let other = try await store.createAccount(named: "other", at: Timestamp(milliseconds: 1))
        let library = PhotoLibrary(directory: "/nonexistent", store: store, quotaBytes: 100)
        _ = try await store.savePhoto(
            StoredPhoto(
                id: 0, owner: seller.id, contentType: "image/png", width: 1, height: 1, byteCount: 80,
                sha256: String(repeating: "0", count: 64), createdAt: Timestamp(milliseconds: 2)))
        try await library.checkQuota(of: seller.id, adding: 20)
        let refusal = await #expect(throws: AuctionError.self) {
            try await library.checkQuota(of: seller.id, adding: 21)
        }
        #expect(refusal?.name == "quota_exceeded" && refusal?.status == .contentTooLarge)
        // Someone else's uploads do not count.
        try await library.checkQuota(of: other.id, adding: 100)
    }
}
