import BourseCore

extension InMemoryStore {
    /// Keeps a receipt that moves its reader forward.
    public func saveChatReceipt(_ receipt: ChatReceipt) async throws -> Bool {
        try write { contents in
            if let held = contents.chatReceipts[receipt.room]?[receipt.account], held.messageID >= receipt.messageID {
                return false
            }
            contents.chatReceipts[receipt.room, default: [:]][receipt.account] = receipt
            return true
        }
    }

    /// A room's receipts, by reader.
    public func chatReceipts(in room: String) async throws -> [ChatReceipt] {
        try read { contents in (contents.chatReceipts[room] ?? [:]).values.sorted { $0.account < $1.account } }
    }
}
