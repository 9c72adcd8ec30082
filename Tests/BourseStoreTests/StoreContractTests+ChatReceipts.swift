import BourseCore
import BourseStore
import Testing

/// Read receipts, kept alike by every backend: one per reader and room, only ever moved forward.
@Suite("Store contract: chat read receipts")
struct ChatReceiptStoreContractTests {
    @Test(arguments: StoreBackend.all)
    func aReceiptOnlyMovesForwardAndIsKeptPerReaderAndRoom(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ann = try await store.createAccount(named: "ann", at: Timestamp(milliseconds: 1)).id
            let ben = try await store.createAccount(named: "ben", at: Timestamp(milliseconds: 1)).id
            func receipt(_ account: AccountID, _ id: UInt64, room: String = "dm:7:ann") -> ChatReceipt {
                ChatReceipt(room: room, account: account, messageID: id, at: Timestamp(milliseconds: Int64(id)))
            }
            #expect(try await store.saveChatReceipt(receipt(ann, 5)))
            #expect(try await store.saveChatReceipt(receipt(ann, 3)) == false, "never backwards")
            #expect(try await store.saveChatReceipt(receipt(ann, 5)) == false)
            #expect(try await store.saveChatReceipt(receipt(ben, 4)))
            #expect(try await store.saveChatReceipt(receipt(ann, 9)))
            #expect(try await store.saveChatReceipt(receipt(ann, 2, room: "item:7")))
            #expect(try await store.chatReceipts(in: "dm:7:ann") == [receipt(ann, 9), receipt(ben, 4)])
            #expect(try await store.chatReceipts(in: "item:7") == [receipt(ann, 2, room: "item:7")])
            #expect(try await store.chatReceipts(in: "item:8").isEmpty)
        }
    }
}
