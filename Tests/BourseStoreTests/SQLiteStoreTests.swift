import BourseCore
import BourseStore
import Foundation
import Testing

@testable import BourseStoreSQLite

@Suite("SQLite backend")
struct SQLiteStoreTests {
    @Test func aDatabaseMigratedByANewerBuildIsRefused() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bourse-sqlite-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bourse.sqlite").path
        try await SQLiteStore(path: path).close()
        // A newer build would have recorded a migration this one does not know.
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [path, "INSERT INTO grdb_migrations (identifier) VALUES ('99-from-the-future')"]
        try sqlite.run()
        sqlite.waitUntilExit()
        try #require(sqlite.terminationStatus == 0)
        let known = SQLiteStore.migrator.migrations.count
        await #expect(throws: StoreError.schemaTooNew(found: known + 1, known: known)) {
            _ = try await SQLiteStore(path: path)
        }
    }

    @Test func commitsAreSyncedToDiskNotOnlyToTheOperatingSystem() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bourse-sqlite-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try await SQLiteStore(path: directory.appendingPathComponent("bourse.sqlite").path)
        // FULL (2): each commit syncs the write-ahead log, so it survives a power cut, not just a crash.
        #expect(try await store.writerSynchronousSetting() == 2)
        try await store.close()
    }

    @Test func aMissingDirectoryGivesAClearError() async throws {
        await #expect(throws: (any Error).self) {
            _ = try await SQLiteStore(path: "/nonexistent-\(UUID())/bourse.sqlite")
        }
    }

    /// `bourse account create` beside a running server: a write that meets another process's write lock
    /// waits for it instead of failing with "database is locked" (SQLite error 5).
    @Test func aWriteWaitsForAnotherProcesssLock() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bourse-sqlite-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bourse.sqlite").path
        let store = try await SQLiteStore(path: path)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        let held = directory.appendingPathComponent("held").path
        // Takes the write lock, says so, holds it for a second and commits.
        holder.arguments = [path, "BEGIN IMMEDIATE;", ".shell touch \(held)", ".shell sleep 1", "COMMIT;"]
        try holder.run()
        while !FileManager.default.fileExists(atPath: held) { try await Task.sleep(for: .milliseconds(10)) }
        let account = try await store.createAccount(named: "late", at: Timestamp(milliseconds: 1))
        holder.waitUntilExit()
        #expect(holder.terminationStatus == 0)
        #expect(try await store.accounts().map(\.id) == [account.id])
        try await store.close()
    }
}
