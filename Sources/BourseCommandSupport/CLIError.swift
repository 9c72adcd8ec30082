/// A failure the command line reports as one sentence (exit status 1).
public struct CLIError: Error, CustomStringConvertible {
    /// What went wrong and what to do, as one sentence for a person at a terminal.
    public let description: String
    /// A failure saying `description`.
    public init(_ description: String) { self.description = description }
}
