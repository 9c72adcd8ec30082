import ArgumentParser
import BourseAuth
import BourseCommandSupport
import BourseCore
import BourseServer
import BourseStore
import Foundation

/// `bourse user`: auction-house users, which are exchange accounts with a password (`create`, `password`,
/// `admin`).
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "Create auction-house users and set passwords.",
        discussion: """
            A user signs in to the auction house (POST /auction/v1/sessions) with a name and a password; it is \
            an exchange account, so its balances bid in auctions and trade on the exchange. `user password` \
            gives an existing account (made with `bourse account create`) a password, or a new one, and signs \
            out its sessions. The password is read from the terminal without echo, or from standard input \
            with --password-stdin; only a bcrypt hash of it is stored.
            """,
        subcommands: [Create.self, Password.self, Admin.self]
    )

    /// What both subcommands read the password with.
    struct PasswordOptions: ParsableArguments {
        @Flag(help: "Read the password from the first line of standard input instead of prompting.")
        var passwordStdin = false

        @Option(help: "bcrypt's cost (log2 of its rounds), 4–31; the server's default is 12.")
        var passwordCost = SignInOptions().passwordCost

        func validate() throws {
            guard (4...31).contains(passwordCost) else { throw ValidationError("--password-cost must be 4–31.") }
        }

        /// The password, read and checked against the rules for `username`.
        func read(for username: String) throws -> String {
            let password: String
            if passwordStdin {
                guard let line = Swift.readLine(strippingNewline: true) else {
                    throw CLIError("--password-stdin: standard input is empty.")
                }
                password = line
            } else {
                guard isatty(STDIN_FILENO) == 1 else {
                    throw CLIError("Standard input is not a terminal: pass the password with --password-stdin.")
                }
                let first = try Self.prompt("Password for \(username): ")
                let second = try Self.prompt("Again: ")
                guard first == second else { throw CLIError("The two passwords differ; nothing was changed.") }
                password = first
            }
            if let problem = PasswordPolicy.problem(with: password, username: username) { throw CLIError(problem) }
            return password
        }

        /// A line typed at the terminal without echo.
        static func prompt(_ text: String) throws -> String {
            FileHandle.standardError.write(Data(text.utf8))
            var original = termios()
            guard tcgetattr(STDIN_FILENO, &original) == 0 else { throw CLIError("Cannot read the terminal.") }
            var silent = original
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
            defer {
                tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
                FileHandle.standardError.write(Data("\n".utf8))
            }
            return Swift.readLine(strippingNewline: true) ?? ""
        }
    }

    /// `bourse user create NAME`.
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a user: an account with a password.")

        @Argument(help: "The user's name: 1–64 letters, digits, '.', '_' or '-', with at least one letter or digit.")
        var name: String

        @OptionGroup var password: PasswordOptions
        @OptionGroup var storage: StoreOptions

        func validate() throws {
            guard AccountRecord.isValidNewName(name) else {
                throw ValidationError(
                    "'\(name)' is not a user name: use 1–64 letters, digits, '.', '_' or '-', with at least one letter or digit."
                )
            }
        }

        func run() async throws {
            let hash = try await PasswordHashing.hash(try password.read(for: name), cost: password.passwordCost)
            let location = try await storage.resolve()
            let account = try await location.withStore { store in
                if let other = try await store.account(where: .nameIgnoringCase(name)), other.name != name {
                    throw CLIError("'\(other.name)' exists already: another case of one name would pass for it.")
                }
                let account: AccountRecord
                do {
                    account = try await store.createAccount(named: name, at: WallClock.now())
                } catch StoreError.duplicate {
                    throw CLIError("'\(name)' exists already: bourse user password \(name) sets its password.")
                }
                _ = try await store.setPasswordHash(hash, of: account.id)
                return account
            }
            print("Created user '\(account.name)' (account id \(account.id)).")
            print("Sign in: POST /auction/v1/sessions {\"username\":\"\(account.name)\",\"password\":…}")
        }
    }

    /// `bourse user password NAME`.
    struct Password: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set the password of an account, and sign out its sessions.")

        @Argument(help: "The account's name.")
        var name: String

        @OptionGroup var password: PasswordOptions
        @OptionGroup var storage: StoreOptions

        func run() async throws {
            let location = try await storage.resolve()
            let exists = try await location.withStore { store in try await store.account(named: name) != nil }
            guard exists else { throw CLIError("No account named '\(name)': bourse user create \(name) makes one.") }
            let hash = try await PasswordHashing.hash(try password.read(for: name), cost: password.passwordCost)
            let revoked = try await location.withStore { store in
                guard let account = try await store.account(named: name) else {
                    throw CLIError("No account named '\(name)': bourse user create \(name) makes one.")
                }
                _ = try await store.setPasswordHash(hash, of: account.id)
                return try await store.revokeSessions(of: account.id, at: WallClock.now())
            }
            print("Password of '\(name)' set; \(revoked) session(s) signed out.")
        }
    }

    /// `bourse user admin NAME [--revoke]`.
    struct Admin: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a user an admin of the auction house's chat, or no longer (--revoke).",
            discussion: """
                Admins delete any chat message, mute and ban on any item or house-wide, set any room's rules and \
                the house's blocked words, and see every report (GET /auction/v1/chat/reports). Takes effect at \
                once, for sessions already signed in too.
                """)

        @Argument(help: "The user's name.")
        var name: String

        @Flag(help: "Take the admin role away instead.")
        var revoke = false

        @OptionGroup var storage: StoreOptions

        func run() async throws {
            let location = try await storage.resolve()
            let changed = try await location.withStore { store in
                guard let account = try await store.account(named: name) else {
                    throw CLIError("No account named '\(name)': bourse user create \(name) makes one.")
                }
                return try await store.setAdmin(account.id, !revoke)
            }
            switch (revoke, changed) {
            case (false, true): print("'\(name)' is now an admin.")
            case (false, false): print("'\(name)' was an admin already.")
            case (true, true): print("'\(name)' is no longer an admin.")
            case (true, false): print("'\(name)' was not an admin.")
            }
        }
    }
}
