import BourseCore
import BourseStore
import Testing

/// Chat moderation's records, kept alike by every backend: deletions, room rules, sanctions, reports, blocks
/// and admins.
@Suite("Store contract: chat moderation")
struct ChatModerationStoreContractTests {
    @Test(arguments: StoreBackend.all)
    func deletedMessagesKeepTheirPlaceAndAreDeletedOnce(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ann = try await store.createAccount(named: "ann", at: Timestamp(milliseconds: 1)).id
            let mod = try await store.createAccount(named: "mod", at: Timestamp(milliseconds: 1)).id
            let first = try await store.postChatMessage(
                ChatStoreContractTests.draft("item:1", ann, "spam", client: "1"))
            let second = try await store.postChatMessage(ChatStoreContractTests.draft("item:1", ann, "ok", client: "2"))
            #expect(try await store.chatMessage(id: first.message.id) == first.message)
            #expect(try await store.chatMessage(id: 999) == nil)

            let deletion = try #require(
                try await store.deleteChatMessage(id: first.message.id, by: mod, at: Timestamp(milliseconds: 5_000)))
            let deleted = deletion.message
            #expect(deletion.deleted && deleted.deletedAt == Timestamp(milliseconds: 5_000) && deleted.deletedBy == mod)
            #expect(deleted.text == "spam" && deleted.sequence == 1, "the text stays for the record")
            let again = try #require(
                try await store.deleteChatMessage(id: first.message.id, by: ann, at: Timestamp(milliseconds: 9)))
            #expect(again.message == deleted && !again.deleted, "a second deletion changes nothing")
            #expect(try await store.deleteChatMessage(id: 999, by: mod, at: Timestamp(milliseconds: 1)) == nil)

            let page = try await store.chatMessages(in: "item:1", before: nil, limit: 10)
            #expect(page.map(\.sequence) == [2, 1] && page[1] == deleted && page[0] == second.message)
            #expect(page[0].deletedAt == nil)
        }
    }

    @Test(arguments: StoreBackend.all)
    func rulesSanctionsReportsBlocksAndAdmins(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ann = try await store.createAccount(named: "ann", at: Timestamp(milliseconds: 1)).id
            let ben = try await store.createAccount(named: "ben", at: Timestamp(milliseconds: 1)).id
            let cat = try await store.createAccount(named: "cat", at: Timestamp(milliseconds: 1)).id

            // Rules: replaced whole; words keep their order and Unicode.
            #expect(try await store.chatRoomRules("item:1") == nil)
            let rules = ChatRoomRules(
                room: "item:1", slowModeSeconds: 30, linksAllowed: false, blockedWords: ["scam", "사기"], setBy: ann,
                setAt: Timestamp(milliseconds: 10))
            try await store.saveChatRoomRules(rules)
            #expect(try await store.chatRoomRules("item:1") == rules)
            var relaxed = rules
            relaxed.slowModeSeconds = 0
            relaxed.blockedWords = []
            try await store.saveChatRoomRules(relaxed)
            #expect(try await store.chatRoomRules("item:1") == relaxed)
            #expect(try await store.chatRoomRules("item:2") == nil)

            // Sanctions: one per scope, account and kind; listed by scope, and by account.
            let mute = ChatSanction(
                scope: 1, account: ben, kind: .mute, until: Timestamp(milliseconds: 60_000), setBy: ann,
                reason: "shouting", setAt: Timestamp(milliseconds: 20))
            let ban = ChatSanction(
                scope: 0, account: cat, kind: .ban, until: nil, setBy: ann, reason: "",
                setAt: Timestamp(milliseconds: 30))
            try await store.saveChatSanction(mute)
            try await store.saveChatSanction(ban)
            var longer = mute
            longer.until = Timestamp(milliseconds: 120_000)
            try await store.saveChatSanction(longer)
            #expect(try await store.chatSanctions(scopes: [1], account: nil) == [longer])
            #expect(try await store.chatSanctions(scopes: [0, 1], account: cat) == [ban])
            #expect(try await store.chatSanctions(scopes: [0, 1], account: nil) == [longer, ban])
            #expect(try await store.chatSanctions(scopes: [], account: nil).isEmpty)
            #expect(
                longer.isActive(at: Timestamp(milliseconds: 119_999))
                    && !longer.isActive(at: Timestamp(milliseconds: 120_000)))
            #expect(try await store.removeChatSanction(scope: 1, account: ben, kind: .mute))
            #expect(try await !store.removeChatSanction(scope: 1, account: ben, kind: .mute))
            #expect(try await !store.removeChatSanction(scope: 0, account: cat, kind: .mute))
            #expect(try await store.chatSanctions(scopes: [1], account: nil).isEmpty)

            // Reports: once per reporter and message, newest first, by room.
            let report = ChatReport(
                id: 0, messageID: 7, room: "item:1", reporter: ben, reason: "scam", comment: "asks for a wire transfer",
                reportedAt: Timestamp(milliseconds: 40))
            let saved = try await store.saveChatReport(report)
            #expect(saved.saved && saved.report.id > 0 && saved.report.comment == report.comment)
            let twice = try await store.saveChatReport(
                ChatReport(
                    id: 0, messageID: 7, room: "item:1", reporter: ben, reason: "spam", comment: "",
                    reportedAt: Timestamp(milliseconds: 50)))
            #expect(!twice.saved && twice.report == saved.report)
            let other = try await store.saveChatReport(
                ChatReport(
                    id: 0, messageID: 8, room: "dm:1:ben", reporter: cat, reason: "abuse", comment: "",
                    reportedAt: Timestamp(milliseconds: 60)))
            #expect(try await store.chatReports(rooms: nil, limit: 10) == [other.report, saved.report])
            #expect(try await store.chatReports(rooms: ["item:1"], limit: 10) == [saved.report])
            #expect(try await store.chatReports(rooms: [], limit: 10).isEmpty)
            #expect(try await store.chatReports(rooms: nil, limit: 1) == [other.report])

            // Blocks: each way on its own.
            #expect(try await store.setChatBlock(blocker: ben, blocked: cat, true))
            #expect(try await !store.setChatBlock(blocker: ben, blocked: cat, true))
            #expect(try await store.setChatBlock(blocker: ann, blocked: cat, true))
            #expect(try await store.chatBlocks(of: ben) == [cat])
            #expect(try await store.chatBlocks(of: cat).isEmpty)
            #expect(try await store.chatBlockers(of: cat) == [ann, ben])
            #expect(try await store.setChatBlock(blocker: ben, blocked: cat, false))
            #expect(try await !store.setChatBlock(blocker: ben, blocked: cat, false))
            #expect(try await store.chatBlockers(of: cat) == [ann])

            // Admins.
            #expect(try await !store.isAdmin(ann))
            #expect(try await store.setAdmin(ann, true))
            #expect(try await !store.setAdmin(ann, true))
            #expect(try await store.isAdmin(ann))
            #expect(try await !store.isAdmin(ben))
            #expect(try await store.setAdmin(ann, false))
            #expect(try await !store.isAdmin(ann))
        }
    }
}
