/// One answer line of `bourse ingest`.
struct IngestAnswer: Codable {
    var tag: String?
    var sequence: UInt64?
    var command: String?
    var events: [String]?
    var error: String?
}
