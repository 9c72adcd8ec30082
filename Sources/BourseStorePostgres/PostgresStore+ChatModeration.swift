public import BourseCore
public import BourseStore
import PostgresNIO

extension PostgresStore {
    /// The message with store id `id`.
    public func chatMessage(id: UInt64) async throws -> StoredChatMessage? {
        try await withClient { client in
            let rows = try await client.query(
                """
                SELECT id, room, sequence, author_id, text, client_id, posted_ms, deleted_ms, deleted_by
                FROM chat_messages WHERE id = \(Int64(id))
                """,
                logger: logger)
            return try await Self.messages(rows).first
        }
    }

    /// Marks a message deleted, once.
    public func deleteChatMessage(
        id: UInt64, by moderator: AccountID, at time: Timestamp
    ) async throws
        -> (message: StoredChatMessage, deleted: Bool)?
    {
        try await withClient { client in
            let updated = try await client.query(
                """
                UPDATE chat_messages SET deleted_ms = \(time.milliseconds), deleted_by = \(Int64(moderator.rawValue))
                WHERE id = \(Int64(id)) AND deleted_ms IS NULL RETURNING id
                """,
                logger: logger
            ).collect()
            let rows = try await client.query(
                """
                SELECT id, room, sequence, author_id, text, client_id, posted_ms, deleted_ms, deleted_by
                FROM chat_messages WHERE id = \(Int64(id))
                """,
                logger: logger)
            return try await Self.messages(rows).first.map { ($0, !updated.isEmpty) }
        }
    }

    /// The rules of `room`.
    public func chatRoomRules(_ room: String) async throws -> ChatRoomRules? {
        try await withClient { client in
            let rows = try await client.query(
                """
                SELECT slow_mode_seconds, links_allowed, blocked_words, set_by, set_ms FROM chat_room_rules
                WHERE room = \(room)
                """,
                logger: logger)
            for try await (slow, links, words, by, at) in rows.decode((Int64, Bool, [String], Int64, Int64).self) {
                return ChatRoomRules(
                    room: room, slowModeSeconds: Int(slow), linksAllowed: links, blockedWords: words,
                    setBy: AccountID(UInt64(by)), setAt: Timestamp(milliseconds: at))
            }
            return nil
        }
    }

    /// Sets the rules of a room.
    public func saveChatRoomRules(_ rules: ChatRoomRules) async throws {
        _ = try await withClient { client in
            try await client.query(
                """
                INSERT INTO chat_room_rules (room, slow_mode_seconds, links_allowed, blocked_words, set_by, set_ms)
                VALUES (\(rules.room), \(Int64(rules.slowModeSeconds)), \(rules.linksAllowed), \(rules.blockedWords),
                        \(Int64(rules.setBy.rawValue)), \(rules.setAt.milliseconds))
                ON CONFLICT (room) DO UPDATE SET slow_mode_seconds = excluded.slow_mode_seconds,
                    links_allowed = excluded.links_allowed, blocked_words = excluded.blocked_words,
                    set_by = excluded.set_by, set_ms = excluded.set_ms
                """,
                logger: logger)
        }
    }

    /// Sets a sanction, replacing the same scope, account and kind.
    public func saveChatSanction(_ sanction: ChatSanction) async throws {
        _ = try await withClient { client in
            try await client.query(
                """
                INSERT INTO chat_sanctions (scope, account_id, kind, until_ms, set_by, reason, set_ms)
                VALUES (\(Int64(sanction.scope)), \(Int64(sanction.account.rawValue)), \(sanction.kind.rawValue),
                        \(sanction.until?.milliseconds), \(Int64(sanction.setBy.rawValue)), \(sanction.reason),
                        \(sanction.setAt.milliseconds))
                ON CONFLICT (scope, account_id, kind) DO UPDATE SET until_ms = excluded.until_ms,
                    set_by = excluded.set_by, reason = excluded.reason, set_ms = excluded.set_ms
                """,
                logger: logger)
        }
    }

    /// Lifts a sanction.
    public func removeChatSanction(scope: UInt64, account: AccountID, kind: ChatSanction.Kind) async throws -> Bool {
        try await withClient { client in
            let rows = try await client.query(
                """
                DELETE FROM chat_sanctions
                WHERE scope = \(Int64(scope)) AND account_id = \(Int64(account.rawValue)) AND kind = \(kind.rawValue)
                RETURNING scope
                """,
                logger: logger
            ).collect()
            return !rows.isEmpty
        }
    }

    /// Sanctions in `scopes`, of `account` if given.
    public func chatSanctions(scopes: [UInt64], account: AccountID?) async throws -> [ChatSanction] {
        try await withClient { client in
            let scopes = scopes.map { Int64($0) }
            let account = account.map { Int64($0.rawValue) }
            let rows = try await client.query(
                """
                SELECT scope, account_id, kind, until_ms, set_by, reason, set_ms FROM chat_sanctions
                WHERE scope = ANY(\(scopes)::bigint[]) AND (\(account)::bigint IS NULL OR account_id = \(account))
                ORDER BY set_ms, account_id, scope, kind
                """,
                logger: logger)
            var sanctions: [ChatSanction] = []
            for try await (scope, account, kind, until, by, reason, at) in rows.decode(
                (Int64, Int64, String, Int64?, Int64, String, Int64).self)
            {
                guard let kind = ChatSanction.Kind(rawValue: kind) else { continue }
                sanctions.append(
                    ChatSanction(
                        scope: UInt64(scope), account: AccountID(UInt64(account)), kind: kind,
                        until: until.map(Timestamp.init(milliseconds:)), setBy: AccountID(UInt64(by)), reason: reason,
                        setAt: Timestamp(milliseconds: at)))
            }
            return sanctions
        }
    }

    /// Stores a report once per reporter and message.
    public func saveChatReport(_ report: ChatReport) async throws -> (report: ChatReport, saved: Bool) {
        try await withClient { client in
            let inserted = try await client.query(
                """
                INSERT INTO chat_reports (message_id, room, reporter_id, reason, comment, reported_ms)
                VALUES (\(Int64(report.messageID)), \(report.room), \(Int64(report.reporter.rawValue)),
                        \(report.reason), \(report.comment), \(report.reportedAt.milliseconds))
                ON CONFLICT (message_id, reporter_id) DO NOTHING
                RETURNING id, message_id, room, reporter_id, reason, comment, reported_ms
                """,
                logger: logger)
            if let stored = try await Self.reports(inserted).first { return (stored, true) }
            let earlier = try await client.query(
                """
                SELECT id, message_id, room, reporter_id, reason, comment, reported_ms FROM chat_reports
                WHERE message_id = \(Int64(report.messageID)) AND reporter_id = \(Int64(report.reporter.rawValue))
                """,
                logger: logger)
            guard let stored = try await Self.reports(earlier).first else {
                throw StoreError.corrupt("a chat report neither inserted nor found")
            }
            return (stored, false)
        }
    }

    /// Reports in `rooms`, newest first.
    public func chatReports(rooms: [String]?, limit: Int) async throws -> [ChatReport] {
        try await withClient { client in
            let rows = try await client.query(
                """
                SELECT id, message_id, room, reporter_id, reason, comment, reported_ms FROM chat_reports
                WHERE \(rooms)::text[] IS NULL OR room = ANY(\(rooms)::text[])
                ORDER BY id DESC LIMIT \(Int64(max(0, limit)))
                """,
                logger: logger)
            return try await Self.reports(rows)
        }
    }

    private static func reports(_ rows: PostgresRowSequence) async throws -> [ChatReport] {
        var reports: [ChatReport] = []
        for try await (id, message, room, reporter, reason, comment, at) in rows.decode(
            (Int64, Int64, String, Int64, String, String, Int64).self)
        {
            reports.append(
                ChatReport(
                    id: UInt64(id), messageID: UInt64(message), room: room, reporter: AccountID(UInt64(reporter)),
                    reason: reason, comment: comment, reportedAt: Timestamp(milliseconds: at)))
        }
        return reports
    }

    /// Blocks or unblocks.
    public func setChatBlock(blocker: AccountID, blocked: AccountID, _ blocking: Bool) async throws -> Bool {
        try await withClient { client in
            let (blocker, blocked) = (Int64(blocker.rawValue), Int64(blocked.rawValue))
            let rows =
                try await blocking
                ? client.query(
                    """
                    INSERT INTO chat_blocks (blocker_id, blocked_id) VALUES (\(blocker), \(blocked))
                    ON CONFLICT DO NOTHING RETURNING blocker_id
                    """, logger: logger
                ).collect()
                : client.query(
                    """
                    DELETE FROM chat_blocks WHERE blocker_id = \(blocker) AND blocked_id = \(blocked)
                    RETURNING blocker_id
                    """, logger: logger
                ).collect()
            return !rows.isEmpty
        }
    }

    /// Who `blocker` blocks.
    public func chatBlocks(of blocker: AccountID) async throws -> [AccountID] {
        try await accounts(
            "SELECT blocked_id FROM chat_blocks WHERE blocker_id = \(Int64(blocker.rawValue)) ORDER BY blocked_id")
    }

    /// Who blocks `blocked`.
    public func chatBlockers(of blocked: AccountID) async throws -> [AccountID] {
        try await accounts(
            "SELECT blocker_id FROM chat_blocks WHERE blocked_id = \(Int64(blocked.rawValue)) ORDER BY blocker_id")
    }

    /// The account ids `query` selects, in its order.
    private func accounts(_ query: PostgresQuery) async throws -> [AccountID] {
        try await withClient { client in
            var accounts: [AccountID] = []
            for try await id in try await client.query(query, logger: logger).decode(Int64.self) {
                accounts.append(AccountID(UInt64(id)))
            }
            return accounts
        }
    }

    /// Grants or takes back admin.
    public func setAdmin(_ account: AccountID, _ admin: Bool) async throws -> Bool {
        try await withClient { client in
            let id = Int64(account.rawValue)
            let rows =
                try await admin
                ? client.query(
                    "INSERT INTO admins (account_id) VALUES (\(id)) ON CONFLICT DO NOTHING RETURNING account_id",
                    logger: logger
                ).collect()
                : client.query("DELETE FROM admins WHERE account_id = \(id) RETURNING account_id", logger: logger)
                    .collect()
            return !rows.isEmpty
        }
    }

    /// Whether `account` is an admin.
    public func isAdmin(_ account: AccountID) async throws -> Bool {
        try await withClient { client in
            let rows = try await client.query(
                "SELECT account_id FROM admins WHERE account_id = \(Int64(account.rawValue))", logger: logger
            ).collect()
            return !rows.isEmpty
        }
    }
}
