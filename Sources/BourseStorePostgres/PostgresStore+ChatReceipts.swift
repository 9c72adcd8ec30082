import BourseCore
public import BourseStore
import PostgresNIO

extension PostgresStore {
    /// Keeps a receipt that moves its reader forward (one statement: insert, or move an older one).
    public func saveChatReceipt(_ receipt: ChatReceipt) async throws -> Bool {
        try await withClient { client in
            let rows = try await client.query(
                """
                INSERT INTO chat_receipts (room, account_id, message_id, at_ms)
                VALUES (\(receipt.room), \(Int64(receipt.account.rawValue)), \(Int64(clamping: receipt.messageID)),
                        \(receipt.at.milliseconds))
                ON CONFLICT (room, account_id) DO UPDATE SET message_id = excluded.message_id, at_ms = excluded.at_ms
                WHERE excluded.message_id > chat_receipts.message_id
                RETURNING message_id
                """,
                logger: logger)
            var moved = false
            for try await _ in rows.decode(Int64.self) { moved = true }
            return moved
        }
    }

    /// A room's receipts, by reader.
    public func chatReceipts(in room: String) async throws -> [ChatReceipt] {
        try await withClient { client in
            let rows = try await client.query(
                "SELECT account_id, message_id, at_ms FROM chat_receipts WHERE room = \(room) ORDER BY account_id",
                logger: logger)
            var receipts: [ChatReceipt] = []
            for try await (account, message, at) in rows.decode((Int64, Int64, Int64).self) {
                receipts.append(
                    ChatReceipt(
                        room: room, account: AccountID(UInt64(account)), messageID: UInt64(message),
                        at: Timestamp(milliseconds: at)))
            }
            return receipts
        }
    }
}
