import BourseAuth
import BourseCommandSupport
import BourseWire
import Foundation

/// The 32-byte key that seals API secrets at rest (AES-GCM, see `SecretSealer`).
///
/// From `$BOURSE_MASTER_KEY` (64 hex digits) when set, else the file `master.key` in the data directory,
/// made on first use with mode 0600. Whoever reads it can open every stored secret, so it belongs with
/// the server's other secrets (for a PostgreSQL store too: the database alone does not reveal the keys).
enum MasterKey {
    /// The file name inside the data directory.
    static let fileName = "master.key"

    /// The sealer for `location`'s master key (the `masterKey` setting, else the data directory's file),
    /// making the key if `create` and there is none.
    static func sealer(_ location: StoreLocation, create: Bool) throws -> SecretSealer {
        try SecretSealer(
            masterKey: try bytes(
                dataDirectory: location.dataDirectory, setting: location.settings.string("masterKey"), create: create))
    }

    static func bytes(dataDirectory: String, setting: String?, create: Bool) throws -> [UInt8] {
        if let text = setting {
            guard let key = Hex.decode(text), key.count == SecretSealer.masterKeyLength else {
                throw CLIError("BOURSE_MASTER_KEY must be \(SecretSealer.masterKeyLength * 2) hex digits.")
            }
            return key
        }
        let path = URL(fileURLWithPath: dataDirectory).appendingPathComponent(fileName).path
        if let data = FileManager.default.contents(atPath: path) {
            guard data.count == SecretSealer.masterKeyLength else {
                throw CLIError("\(path) is not a master key (\(data.count) bytes, expected 32).")
            }
            return [UInt8](data)
        }
        guard create else {
            throw CLIError(
                "No master key at \(path) (and BOURSE_MASTER_KEY is not set): no API key was made with this data "
                    + "directory yet.")
        }
        try DataDirectory.make(dataDirectory)
        let key = SecretSealer.generateMasterKey()
        guard FileManager.default.createFile(atPath: path, contents: Data(key), attributes: [.posixPermissions: 0o600])
        else { throw CLIError("Cannot write the master key to \(path).") }
        return key
    }
}
