import ArgumentParser
import BourseCommandSupport
import BourseCore
import BourseStore
import Foundation

/// `bourse account`: exchange accounts (`create`, `list`).
struct AccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "Create and list exchange accounts.",
        discussion: """
            An account holds balances and orders; API keys (`bourse keys`) act for one. Accounts live in \
            the store beside the journal, so these commands work while `bourse serve` runs.
            """,
        subcommands: [Create.self, List.self]
    )

    /// `bourse account create NAME`.
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create an account.")

        @Argument(help: "The account's name: 1–64 letters, digits, '.', '_' or '-', with at least one letter or digit.")
        var name: String

        @OptionGroup var storage: StoreOptions

        func validate() throws {
            guard AccountRecord.isValidNewName(name) else {
                throw ValidationError(
                    "'\(name)' is not an account name: use 1–64 letters, digits, '.', '_' or '-', with at least one letter or digit."
                )
            }
        }

        func run() async throws {
            let location = try await storage.resolve()
            let account = try await location.withStore { store in
                do {
                    return try await store.createAccount(named: name, at: WallClock.now())
                } catch StoreError.duplicate {
                    throw CLIError("An account named '\(name)' exists already.")
                }
            }
            print("Created account '\(account.name)' (id \(account.id)).")
            if location.backend == .sqlite, let holder = DataDirectoryLock.holder(of: location.dataDirectory) {
                // `bourse deposit` waits for the data directory's one writer: the server funds it instead.
                print(
                    "Next: bourse keys create \(account.name) --scopes accounts,orders:read,orders:write,deposit, "
                        + "then deposit through the running server (\(holder)): POST /v1/deposits/krw")
            } else {
                print("Next: bourse keys create \(account.name)   and   bourse deposit \(account.name) KRW 1000000")
            }
        }
    }

    /// `bourse account list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the accounts.")

        @OptionGroup var storage: StoreOptions

        func run() async throws {
            let location = try await storage.resolve()
            let rows = try await location.withStore { store in
                var rows: [(AccountRecord, Int)] = []
                for account in try await store.accounts() {
                    let live = try await store.apiKeys(of: account.id).filter { $0.revokedAt == nil }.count
                    rows.append((account, live))
                }
                return rows
            }
            guard !rows.isEmpty else {
                print("No accounts yet: bourse account create NAME")
                return
            }
            print(
                TextTable.render(
                    header: ["ID", "NAME", "CREATED (UTC)", "LIVE KEYS"],
                    rows: rows.map { account, keys in
                        [String(account.id.rawValue), account.name, TextTable.utc(account.createdAt), String(keys)]
                    }))
        }
    }
}

/// Plain aligned columns for the account and key listings.
enum TextTable {
    static func render(header: [String], rows: [[String]]) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// `2026-11-24 09:30:00`.
    static func utc(_ time: Timestamp) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: Date(timeIntervalSince1970: Double(time.milliseconds) / 1_000))
    }
}
