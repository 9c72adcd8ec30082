public import BourseCore
public import BourseStore
import GRDB

extension SQLiteStore {
    /// The message with store id `id`.
    public func chatMessage(id: UInt64) async throws -> StoredChatMessage? {
        try await pool.read { db in
            try Row.fetchOne(
                db, sql: "SELECT \(Self.messageColumns) FROM chat_messages WHERE id = ?", arguments: [Int64(id)]
            ).map(Self.message)
        }
    }

    /// Marks a message deleted, once.
    public func deleteChatMessage(
        id: UInt64, by moderator: AccountID, at time: Timestamp
    ) async throws
        -> (message: StoredChatMessage, deleted: Bool)?
    {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE chat_messages SET deleted_ms = ?, deleted_by = ? WHERE id = ? AND deleted_ms IS NULL",
                arguments: [time.milliseconds, Int64(moderator.rawValue), Int64(id)])
            let deleting = db.changesCount > 0
            return try Row.fetchOne(
                db, sql: "SELECT \(Self.messageColumns) FROM chat_messages WHERE id = ?", arguments: [Int64(id)]
            ).map { (Self.message($0), deleting) }
        }
    }

    /// The rules of `room`.
    public func chatRoomRules(_ room: String) async throws -> ChatRoomRules? {
        try await pool.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT slow_mode_seconds, links_allowed, blocked_words, set_by, set_ms FROM chat_room_rules
                    WHERE room = ?
                    """, arguments: [room]
            ).map { row in
                ChatRoomRules(
                    room: room, slowModeSeconds: row[0], linksAllowed: row[1],
                    blockedWords: Self.words(row[2]), setBy: AccountID(UInt64(row[3] as Int64)),
                    setAt: Timestamp(milliseconds: row[4]))
            }
        }
    }

    /// Sets the rules of a room.
    public func saveChatRoomRules(_ rules: ChatRoomRules) async throws {
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO chat_room_rules
                        (room, slow_mode_seconds, links_allowed, blocked_words, set_by, set_ms)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    rules.room, rules.slowModeSeconds, rules.linksAllowed, rules.blockedWords.joined(separator: "\n"),
                    Int64(rules.setBy.rawValue), rules.setAt.milliseconds,
                ])
        }
    }

    /// Words stored one a line (the server refuses control characters in them).
    static func words(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    /// Sets a sanction, replacing the same scope, account and kind.
    public func saveChatSanction(_ sanction: ChatSanction) async throws {
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO chat_sanctions (scope, account_id, kind, until_ms, set_by, reason, set_ms)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    Int64(sanction.scope), Int64(sanction.account.rawValue), sanction.kind.rawValue,
                    sanction.until?.milliseconds, Int64(sanction.setBy.rawValue), sanction.reason,
                    sanction.setAt.milliseconds,
                ])
        }
    }

    /// Lifts a sanction.
    public func removeChatSanction(scope: UInt64, account: AccountID, kind: ChatSanction.Kind) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: "DELETE FROM chat_sanctions WHERE scope = ? AND account_id = ? AND kind = ?",
                arguments: [Int64(scope), Int64(account.rawValue), kind.rawValue])
            return db.changesCount > 0
        }
    }

    /// Sanctions in `scopes`, of `account` if given.
    public func chatSanctions(scopes: [UInt64], account: AccountID?) async throws -> [ChatSanction] {
        guard !scopes.isEmpty else { return [] }
        return try await pool.read { db in
            var arguments = StatementArguments(scopes.map { Int64($0) })
            var sql = """
                SELECT scope, account_id, kind, until_ms, set_by, reason, set_ms FROM chat_sanctions
                WHERE scope IN (\(Array(repeating: "?", count: scopes.count).joined(separator: ", ")))
                """
            if let account {
                sql += " AND account_id = ?"
                arguments += [Int64(account.rawValue)]
            }
            return try Row.fetchAll(db, sql: sql + " ORDER BY set_ms, account_id, scope, kind", arguments: arguments)
                .compactMap {
                    row in
                    guard let kind = ChatSanction.Kind(rawValue: row[2]) else { return nil }
                    return ChatSanction(
                        scope: UInt64(row[0] as Int64), account: AccountID(UInt64(row[1] as Int64)), kind: kind,
                        until: (row[3] as Int64?).map(Timestamp.init(milliseconds:)),
                        setBy: AccountID(UInt64(row[4] as Int64)), reason: row[5],
                        setAt: Timestamp(milliseconds: row[6]))
                }
        }
    }

    /// Stores a report once per reporter and message.
    public func saveChatReport(_ report: ChatReport) async throws -> (report: ChatReport, saved: Bool) {
        try await pool.write { db in
            if let earlier = try Row.fetchOne(
                db, sql: "SELECT \(Self.reportColumns) FROM chat_reports WHERE message_id = ? AND reporter_id = ?",
                arguments: [Int64(report.messageID), Int64(report.reporter.rawValue)]
            ).map(Self.report) {
                return (earlier, false)
            }
            try db.execute(
                sql: """
                    INSERT INTO chat_reports (message_id, room, reporter_id, reason, comment, reported_ms)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    Int64(report.messageID), report.room, Int64(report.reporter.rawValue), report.reason,
                    report.comment, report.reportedAt.milliseconds,
                ])
            var stored = report
            stored.id = UInt64(db.lastInsertedRowID)
            return (stored, true)
        }
    }

    /// Reports in `rooms`, newest first.
    public func chatReports(rooms: [String]?, limit: Int) async throws -> [ChatReport] {
        if let rooms, rooms.isEmpty { return [] }
        return try await pool.read { db in
            var sql = "SELECT \(Self.reportColumns) FROM chat_reports"
            var arguments = StatementArguments()
            if let rooms {
                sql += " WHERE room IN (\(Array(repeating: "?", count: rooms.count).joined(separator: ", ")))"
                arguments += StatementArguments(rooms)
            }
            arguments += [max(0, limit)]
            return try Row.fetchAll(db, sql: sql + " ORDER BY id DESC LIMIT ?", arguments: arguments).map(Self.report)
        }
    }

    static let reportColumns = "id, message_id, room, reporter_id, reason, comment, reported_ms"

    static func report(_ row: Row) -> ChatReport {
        ChatReport(
            id: UInt64(row[0] as Int64), messageID: UInt64(row[1] as Int64), room: row[2],
            reporter: AccountID(UInt64(row[3] as Int64)), reason: row[4], comment: row[5],
            reportedAt: Timestamp(milliseconds: row[6]))
    }

    /// Blocks or unblocks.
    public func setChatBlock(blocker: AccountID, blocked: AccountID, _ blocking: Bool) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: blocking
                    ? "INSERT OR IGNORE INTO chat_blocks (blocker_id, blocked_id) VALUES (?, ?)"
                    : "DELETE FROM chat_blocks WHERE blocker_id = ? AND blocked_id = ?",
                arguments: [Int64(blocker.rawValue), Int64(blocked.rawValue)])
            return db.changesCount > 0
        }
    }

    /// Who `blocker` blocks.
    public func chatBlocks(of blocker: AccountID) async throws -> [AccountID] {
        try await pool.read { db in
            try Int64.fetchAll(
                db, sql: "SELECT blocked_id FROM chat_blocks WHERE blocker_id = ? ORDER BY blocked_id",
                arguments: [Int64(blocker.rawValue)]
            ).map { AccountID(UInt64($0)) }
        }
    }

    /// Who blocks `blocked`.
    public func chatBlockers(of blocked: AccountID) async throws -> [AccountID] {
        try await pool.read { db in
            try Int64.fetchAll(
                db, sql: "SELECT blocker_id FROM chat_blocks WHERE blocked_id = ? ORDER BY blocker_id",
                arguments: [Int64(blocked.rawValue)]
            ).map { AccountID(UInt64($0)) }
        }
    }

    /// Grants or takes back admin.
    public func setAdmin(_ account: AccountID, _ admin: Bool) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: admin
                    ? "INSERT OR IGNORE INTO admins (account_id) VALUES (?)"
                    : "DELETE FROM admins WHERE account_id = ?",
                arguments: [Int64(account.rawValue)])
            return db.changesCount > 0
        }
    }

    /// Whether `account` is an admin.
    public func isAdmin(_ account: AccountID) async throws -> Bool {
        try await pool.read { db in
            try Bool.fetchOne(
                db, sql: "SELECT 1 FROM admins WHERE account_id = ?", arguments: [Int64(account.rawValue)]) ?? false
        }
    }
}
