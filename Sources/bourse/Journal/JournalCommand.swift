import ArgumentParser

/// `bourse journal`: inspect the stored journal.
struct JournalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journal",
        abstract: "Inspect and check the stored command journal.",
        subcommands: [JournalCheckCommand.self]
    )
}
