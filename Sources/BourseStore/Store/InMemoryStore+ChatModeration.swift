public import BourseCore

extension InMemoryStore {
    /// The message with store id `id`.
    public func chatMessage(id: UInt64) async throws -> StoredChatMessage? {
        try read { contents in contents.chat.first { $0.id == id } }
    }

    /// Marks a message deleted, once.
    public func deleteChatMessage(
        id: UInt64, by moderator: AccountID, at time: Timestamp
    ) async throws
        -> (message: StoredChatMessage, deleted: Bool)?
    {
        try write { contents in
            guard let index = contents.chat.firstIndex(where: { $0.id == id }) else { return nil }
            let deleting = contents.chat[index].deletedAt == nil
            if deleting {
                contents.chat[index].deletedAt = time
                contents.chat[index].deletedBy = moderator
            }
            return (contents.chat[index], deleting)
        }
    }

    /// The rules of `room`.
    public func chatRoomRules(_ room: String) async throws -> ChatRoomRules? {
        try read { contents in contents.chatRules[room] }
    }

    /// Sets the rules of a room.
    public func saveChatRoomRules(_ rules: ChatRoomRules) async throws {
        try write { contents in contents.chatRules[rules.room] = rules }
    }

    /// Sets a sanction, replacing the same scope, account and kind.
    public func saveChatSanction(_ sanction: ChatSanction) async throws {
        try write { contents in
            contents.chatSanctions.removeAll {
                $0.scope == sanction.scope && $0.account == sanction.account && $0.kind == sanction.kind
            }
            contents.chatSanctions.append(sanction)
        }
    }

    /// Lifts a sanction.
    public func removeChatSanction(scope: UInt64, account: AccountID, kind: ChatSanction.Kind) async throws -> Bool {
        try write { contents in
            let before = contents.chatSanctions.count
            contents.chatSanctions.removeAll { $0.scope == scope && $0.account == account && $0.kind == kind }
            return contents.chatSanctions.count < before
        }
    }

    /// Sanctions in `scopes`, of `account` if given.
    public func chatSanctions(scopes: [UInt64], account: AccountID?) async throws -> [ChatSanction] {
        try read { contents in
            contents.chatSanctions.filter { scopes.contains($0.scope) && (account == nil || $0.account == account) }
                .sorted {
                    ($0.setAt, $0.account.rawValue, $0.scope, $0.kind.rawValue)
                        < ($1.setAt, $1.account.rawValue, $1.scope, $1.kind.rawValue)
                }
        }
    }

    /// Stores a report once per reporter and message.
    public func saveChatReport(_ report: ChatReport) async throws -> (report: ChatReport, saved: Bool) {
        try write { contents in
            if let earlier = contents.chatReports.first(where: {
                $0.messageID == report.messageID && $0.reporter == report.reporter
            }) {
                return (earlier, false)
            }
            var stored = report
            stored.id = UInt64(contents.chatReports.count + 1)
            contents.chatReports.append(stored)
            return (stored, true)
        }
    }

    /// Reports in `rooms`, newest first.
    public func chatReports(rooms: [String]?, limit: Int) async throws -> [ChatReport] {
        try read { contents in
            Array(
                contents.chatReports.reversed().lazy.filter { rooms?.contains($0.room) ?? true }.prefix(max(0, limit)))
        }
    }

    /// Blocks or unblocks.
    public func setChatBlock(blocker: AccountID, blocked: AccountID, _ blocking: Bool) async throws -> Bool {
        try write { contents in
            let index = contents.chatBlocks.firstIndex { $0.blocker == blocker && $0.blocked == blocked }
            switch (index, blocking) {
            case (nil, true):
                contents.chatBlocks.append((blocker, blocked))
                return true
            case (let index?, false):
                contents.chatBlocks.remove(at: index)
                return true
            default:
                return false
            }
        }
    }

    /// Who `blocker` blocks.
    public func chatBlocks(of blocker: AccountID) async throws -> [AccountID] {
        try read { contents in contents.chatBlocks.filter { $0.blocker == blocker }.map(\.blocked).sorted() }
    }

    /// Who blocks `blocked`.
    public func chatBlockers(of blocked: AccountID) async throws -> [AccountID] {
        try read { contents in contents.chatBlocks.filter { $0.blocked == blocked }.map(\.blocker).sorted() }
    }

    /// Grants or takes back admin.
    public func setAdmin(_ account: AccountID, _ admin: Bool) async throws -> Bool {
        try write { contents in
            admin ? contents.admins.insert(account).inserted : contents.admins.remove(account) != nil
        }
    }

    /// Whether `account` is an admin.
    public func isAdmin(_ account: AccountID) async throws -> Bool {
        try read { contents in contents.admins.contains(account) }
    }
}
