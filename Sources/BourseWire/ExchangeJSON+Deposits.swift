public import BourseCore

/// Upbit's deposit objects (reference §3.5).
extension ExchangeJSON {
    /// One credited deposit: what `GET /v1/deposit(s)` and `POST /v1/deposits/krw` answer.
    public struct Deposit: Sendable {
        /// The journal sequence that credited it.
        public var sequence: UInt64
        /// The currency.
        public var currency: String
        /// The amount.
        public var amount: Funds
        /// When it was credited.
        public var time: Timestamp

        /// A deposit.
        public init(sequence: UInt64, currency: String, amount: Funds, time: Timestamp) {
            self.sequence = sequence
            self.currency = currency
            self.amount = amount
            self.time = time
        }
    }

    /// One deposit object: `ACCEPTED`, created and done at once, no fee; KRW has no `net_type`.
    public static func deposit(_ deposit: Deposit) -> [UInt8] {
        var writer = JSONWriter(capacity: 400)
        write(&writer, deposit)
        return writer.bytes
    }

    /// An array of deposit objects.
    public static func deposits(_ deposits: [Deposit]) -> [UInt8] {
        var writer = JSONWriter(capacity: 400 * deposits.count + 2)
        writer.beginArray()
        for deposit in deposits { write(&writer, deposit) }
        writer.endArray()
        return writer.bytes
    }

    private static func write(_ writer: inout JSONWriter, _ deposit: Deposit) {
        let uuid = OrderUUID.deposit(deposit.sequence)
        writer.beginObject()
        writer.key("type")
        writer.string("deposit")
        writer.key("uuid")
        writer.string(uuid)
        writer.key("currency")
        writer.string(deposit.currency)
        if deposit.currency != "KRW" {
            writer.key("net_type")
            writer.string(deposit.currency)
        }
        writer.key("txid")
        writer.string("bourse-" + uuid)
        writer.key("state")
        writer.string("ACCEPTED")
        writer.key("created_at")
        writer.string(UTCDateTime.kst(deposit.time), .dateTimeKST)
        writer.key("done_at")
        writer.string(UTCDateTime.kst(deposit.time), .dateTimeKST)
        writer.key("amount")
        writer.string(deposit.amount.description)
        writer.key("fee")
        writer.string("0")
        writer.key("transaction_type")
        writer.string("default")
        writer.endObject()
    }
}
