import BourseCore
public import BourseStore
import GRDB

extension SQLiteStore {
    /// Keeps a receipt that moves its reader forward (one statement: insert, or move an older one).
    public func saveChatReceipt(_ receipt: ChatReceipt) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO chat_receipts (room, account_id, message_id, at_ms) VALUES (?, ?, ?, ?)
                    ON CONFLICT (room, account_id) DO UPDATE SET message_id = excluded.message_id, at_ms = excluded.at_ms
                    WHERE excluded.message_id > chat_receipts.message_id
                    """,
                arguments: [
                    receipt.room, Int64(receipt.account.rawValue), Int64(clamping: receipt.messageID),
                    receipt.at.milliseconds,
                ])
            return db.changesCount > 0
        }
    }

    /// A room's receipts, by reader.
    public func chatReceipts(in room: String) async throws -> [ChatReceipt] {
        try await pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT account_id, message_id, at_ms FROM chat_receipts WHERE room = ? ORDER BY account_id",
                arguments: [room]
            ).map { row in
                ChatReceipt(
                    room: room, account: AccountID(UInt64(row[0] as Int64)), messageID: UInt64(row[1] as Int64),
                    at: Timestamp(milliseconds: row[2]))
            }
        }
    }
}
