public import BourseCore
import BourseWire

/// Upbit's deposit and withdrawal objects (reference §3.5): null fields omitted, amounts as decimal strings,
/// times in KST.
extension ExchangeJSON {
    /// The UUID of a deposit or withdrawal record.
    public static func uuid(of record: TransferRecord) -> String {
        record.kind == .deposit ? OrderUUID.deposit(record.id) : OrderUUID.withdrawal(TransferID(record.id))
    }

    /// One deposit or withdrawal object.
    public static func transfer(_ record: TransferRecord) -> [UInt8] {
        var writer = JSONWriter(capacity: 512)
        write(&writer, record)
        return writer.bytes
    }

    /// An array of deposit or withdrawal objects.
    public static func transfers(_ records: [TransferRecord]) -> [UInt8] {
        var writer = JSONWriter(capacity: 512 * records.count + 2)
        writer.beginArray()
        for record in records { write(&writer, record) }
        writer.endArray()
        return writer.bytes
    }

    private static func write(_ writer: inout JSONWriter, _ record: TransferRecord) {
        let uuid = uuid(of: record)
        writer.beginObject()
        writer.key("type")
        writer.string(record.kind == .deposit ? "deposit" : "withdraw")
        writer.key("uuid")
        writer.string(uuid)
        writer.key("currency")
        writer.string(record.currency)
        if let network = record.network ?? (record.currency == "KRW" ? nil : record.currency) {
            writer.key("net_type")
            writer.string(network)
        }
        // A deposit credited at once has no chain; it gets a txid of its own so `txid` lookups still work.
        if let txid = record.txid ?? (record.kind == .deposit ? "bourse-" + uuid : nil) {
            writer.key("txid")
            writer.string(txid)
        }
        writer.key("state")
        writer.string(record.state)
        writer.key("created_at")
        writer.string(UTCDateTime.kst(record.createdAt), .dateTimeKST)
        if let done = record.doneAt {
            writer.key("done_at")
            writer.string(UTCDateTime.kst(done), .dateTimeKST)
        }
        writer.key("amount")
        writer.string(record.amount.description)
        writer.key("fee")
        writer.string(record.fee.description)
        writer.key("transaction_type")
        writer.string(record.isInternal ? "internal" : "default")
        if record.kind == .withdrawal {
            writer.key("is_cancelable")
            writer.bool(record.withdrawalState == .waiting)
        }
        writer.endObject()
    }

    /// `GET /v1/withdraws/chance`: member level, currency, account and limits of `network` (nil for KRW).
    public static func withdrawChance(
        currency: String, network: ChainNetwork?, balance: Balance, fee: Funds, minimum: Funds, onetime: Funds,
        daily: Funds, usedToday: Funds, canWithdraw: Bool
    ) -> [UInt8] {
        var writer = JSONWriter(capacity: 1_024)
        writer.beginObject()
        writer.key("member_level")
        writer.beginObject()
        for (name, value) in [("security_level", 4), ("fee_level", 0)] {
            writer.key(escaping: name)
            writer.integer(Int64(value))
        }
        for name in ["email_verified", "identity_auth_verified", "bank_account_verified", "two_factor_auth_verified"] {
            writer.key(escaping: name)
            writer.bool(true)
        }
        writer.key("locked")
        writer.bool(false)
        writer.key("wallet_locked")
        writer.bool(false)
        writer.endObject()
        writer.key("currency")
        writer.beginObject()
        writer.key("code")
        writer.string(currency)
        writer.key("withdraw_fee")
        writer.string(fee.description)
        writer.key("is_coin")
        writer.bool(currency != "KRW")
        writer.key("wallet_state")
        writer.string(network?.walletState ?? "working")
        writer.key("wallet_support")
        writer.beginArray()
        if network?.canDeposit ?? true { writer.string("deposit") }
        if network?.canWithdraw ?? true { writer.string("withdraw") }
        writer.endArray()
        writer.endObject()
        writer.key("account")
        account(
            &writer, currency: currency, balance: balance.balance, locked: balance.locked,
            average: balance.averageBuyPrice, unit: balance.unitCurrency ?? "KRW")
        writer.key("withdraw_limit")
        writer.beginObject()
        writer.key("currency")
        writer.string(currency)
        writer.key("minimum")
        writer.string(minimum.description)
        writer.key("onetime")
        writer.string(onetime.description)
        writer.key("daily")
        writer.string(daily.description)
        let remaining = Funds(units: max(daily.units - usedToday.units, 0))
        writer.key("remaining_daily")
        writer.string(remaining.description)
        writer.key("remaining_daily_fiat")
        writer.string("1000000000")
        writer.key("fiat_currency")
        writer.string("KRW")
        writer.key("fixed")
        writer.integer(Int64(network?.decimals ?? 0))
        writer.key("withdraw_delayed_fiat")
        writer.string("0")
        writer.key("can_withdraw")
        writer.bool(canWithdraw)
        writer.key("remaining_daily_krw")
        writer.string("1000000000")
        writer.endObject()
        writer.endObject()
        return writer.bytes
    }

    /// `GET /v1/deposits/chance/coin`.
    public static func depositChance(_ network: ChainNetwork) -> [UInt8] {
        var writer = JSONWriter(capacity: 400)
        writer.beginObject()
        writer.key("currency")
        writer.string(network.currency)
        writer.key("net_type")
        writer.string(network.netType)
        writer.key("is_deposit_possible")
        writer.bool(network.canDeposit)
        if !network.canDeposit {
            writer.key("deposit_impossible_reason")
            writer.string("입금이 일시 중단된 디지털 자산입니다.")
        }
        writer.key("minimum_deposit_amount")
        writer.string(network.minimumDeposit.description)
        writer.key("minimum_deposit_confirmations")
        writer.integer(Int64(network.confirmations))
        writer.key("decimal_precision")
        writer.integer(Int64(network.decimals))
        writer.endObject()
        return writer.bytes
    }

    /// One deposit address object (`deposits/coin_address`, `generate_coin_address` once made).
    public static func depositAddress(_ address: WalletAddress) -> [UInt8] {
        var writer = JSONWriter(capacity: 300)
        writeDepositAddress(&writer, address)
        return writer.bytes
    }

    /// `GET /v1/deposits/coin_addresses`.
    public static func depositAddresses(_ addresses: [WalletAddress]) -> [UInt8] {
        var writer = JSONWriter(capacity: 300 * addresses.count + 2)
        writer.beginArray()
        for address in addresses { writeDepositAddress(&writer, address) }
        writer.endArray()
        return writer.bytes
    }

    private static func writeDepositAddress(_ writer: inout JSONWriter, _ address: WalletAddress) {
        writer.beginObject()
        writer.key("currency")
        writer.string(address.currency)
        writer.key("net_type")
        writer.string(address.network)
        writer.key("deposit_address")
        writer.string(address.address)
        if let memo = address.memo {
            writer.key("secondary_address")
            writer.string(memo)
        }
        writer.endObject()
    }

    /// `POST /v1/deposits/generate_coin_address` while the address is being made.
    public static func addressPending(currency: String) -> [UInt8] {
        var writer = JSONWriter(capacity: 100)
        writer.beginObject()
        writer.key("success")
        writer.bool(true)
        writer.key("message")
        writer.string(currency + " 입금주소를 생성중입니다.")
        writer.endObject()
        return writer.bytes
    }

    /// `GET /v1/withdraws/coin_addresses`: the registered withdrawal addresses.
    public static func withdrawAddresses(_ addresses: [WalletAddress]) -> [UInt8] {
        var writer = JSONWriter(capacity: 400 * addresses.count + 2)
        writer.beginArray()
        for address in addresses {
            writer.beginObject()
            writer.key("currency")
            writer.string(address.currency)
            writer.key("net_type")
            writer.string(address.network)
            writer.key("network_name")
            writer.string(ChainNetwork.network(address.currency, address.network)?.name ?? address.network)
            writer.key("withdraw_address")
            writer.string(address.address)
            if let memo = address.memo {
                writer.key("secondary_address")
                writer.string(memo)
            }
            writer.key("beneficiary_type")
            writer.string("individual")
            writer.key("wallet_type")
            writer.string("exchange")
            writer.endObject()
        }
        writer.endArray()
        return writer.bytes
    }
}
