// Field-by-field encoding of commands. Enum cases are written as their index in `allCases`, so adding a
// case at the end keeps old records readable; reordering cases would not (a test pins the indexes).

extension JournalCodec {
    enum Tag: UInt8 {
        case place = 1
        case cancel = 2
        case cancelAndReplace = 3
        case deposit = 4
        case setMarketState = 5
        case withdraw = 6
        case advanceWithdrawal = 7
        case receiveDeposit = 8
        case confirmDeposit = 9
        case listItem = 10
        case bid = 11
        case buyNow = 12
        case cancelItem = 13
        case advanceAuction = 14
    }

    // MARK: - Encoding

    static func encode(_ command: Command, into writer: inout ByteWriter) {
        switch command {
        case .place(let request):
            writer.write(Tag.place.rawValue)
            writer.write(request.id.rawValue)
            writer.write(request.account.rawValue)
            writer.writeShortText(request.market.description)
            writer.write(index(of: request.side))
            writer.write(index(of: request.type))
            writeOptionalTerms(
                price: request.price, volume: request.volume.map(ReplacementRequest.NewVolume.volume),
                timeInForce: request.timeInForce, selfTradePrevention: request.selfTradePrevention,
                identifier: request.identifier, into: &writer)
        case .cancel(let reference, let account):
            writer.write(Tag.cancel.rawValue)
            write(reference, into: &writer)
            writer.write(account.rawValue)
        case .cancelAndReplace(let reference, let account, let replacement):
            writer.write(Tag.cancelAndReplace.rawValue)
            write(reference, into: &writer)
            writer.write(account.rawValue)
            writer.write(replacement.id.rawValue)
            writer.write(index(of: replacement.type))
            writeOptionalTerms(
                price: replacement.price, volume: replacement.volume, timeInForce: replacement.timeInForce,
                selfTradePrevention: replacement.selfTradePrevention, identifier: replacement.identifier,
                into: &writer)
        case .deposit(let account, let currency, let amount):
            writer.write(Tag.deposit.rawValue)
            writer.write(account.rawValue)
            writer.writeShortText(currency.description)
            writer.write(amount.units)
        case .setMarketState(let market, let state):
            writer.write(Tag.setMarketState.rawValue)
            writer.writeShortText(market.description)
            writer.write(index(of: state))
        case .withdraw(let request):
            writer.write(Tag.withdraw.rawValue)
            writer.write(request.id.rawValue)
            writer.write(request.account.rawValue)
            writer.writeShortText(request.currency.description)
            writer.write(request.amount.units)
            writer.write(request.fee.units)
            var flags: UInt8 = request.isInternal ? 8 : 0
            if request.network != nil { flags |= 1 }
            if request.address != nil { flags |= 2 }
            if request.memo != nil { flags |= 4 }
            writer.write(flags)
            if let network = request.network { writer.writeShortText(network) }
            if let address = request.address { writer.writeShortText(address) }
            if let memo = request.memo { writer.writeShortText(memo) }
        case .advanceWithdrawal(let id, let step, let account):
            writer.write(Tag.advanceWithdrawal.rawValue)
            writer.write(id.rawValue)
            writer.write(index(of: step))
            writer.write(account.rawValue)
        case .receiveDeposit(let incoming):
            writer.write(Tag.receiveDeposit.rawValue)
            writer.write(incoming.id.rawValue)
            writer.write(incoming.account.rawValue)
            writer.writeShortText(incoming.currency.description)
            writer.writeShortText(incoming.network)
            writer.write(incoming.amount.units)
            writer.writeShortText(incoming.txid)
            writer.write(UInt8(incoming.isInternal ? 1 : 0))
        case .confirmDeposit(let id):
            writer.write(Tag.confirmDeposit.rawValue)
            writer.write(id.rawValue)
        case .listItem, .bid, .buyNow, .cancelItem, .advanceAuction:
            encodeAuction(command, into: &writer)
        }
    }

    private static func write(_ reference: OrderReference, into writer: inout ByteWriter) {
        switch reference {
        case .id(let id):
            writer.write(UInt8(0))
            writer.write(id.rawValue)
        case .identifier(let identifier):
            writer.write(UInt8(1))
            writer.writeShortText(identifier.description)
        }
    }

    /// A presence bitmap, then the present fields. `volume` bit 1 means a volume follows, bit 5
    /// means "remain only" (replacements keep the old order's remaining volume).
    private static func writeOptionalTerms(
        price: Price?, volume: ReplacementRequest.NewVolume?, timeInForce: TimeInForce?,
        selfTradePrevention: SelfTradePrevention?, identifier: OrderIdentifier?, into writer: inout ByteWriter
    ) {
        var flags: UInt8 = 0
        if price != nil { flags |= 1 }
        if case .volume = volume { flags |= 2 }
        if timeInForce != nil { flags |= 4 }
        if selfTradePrevention != nil { flags |= 8 }
        if identifier != nil { flags |= 16 }
        if case .remainOnly = volume { flags |= 32 }
        writer.write(flags)
        if let price { writer.write(price.units) }
        if case .volume(let value) = volume { writer.write(value.units) }
        if let timeInForce { writer.write(index(of: timeInForce)) }
        if let selfTradePrevention { writer.write(index(of: selfTradePrevention)) }
        if let identifier { writer.writeShortText(identifier.description) }
    }

    private static func index<T: CaseIterable & Equatable>(of value: T) -> UInt8 {
        UInt8(T.allCases.distance(from: T.allCases.startIndex, to: T.allCases.firstIndex(of: value)!))
    }

    // MARK: - Decoding

    static func decodeCommand(_ reader: inout ByteReader) throws(ByteReaderError) -> Command {
        let tagOffset = reader.offset
        guard let tag = Tag(rawValue: try reader.readByte()) else { throw .invalid("command tag", at: tagOffset) }
        switch tag {
        case .place:
            let id = OrderID(try reader.read())
            let account = AccountID(try reader.read())
            let market = try readMarket(&reader)
            let side: Side = try readCase(&reader)
            let type: OrderType = try readCase(&reader)
            let terms = try readOptionalTerms(&reader)
            var volume: Volume?
            if case .volume(let value) = terms.volume { volume = value }
            return .place(
                OrderRequest(
                    id: id, account: account, market: market, side: side, type: type, price: terms.price,
                    volume: volume, timeInForce: terms.timeInForce, selfTradePrevention: terms.selfTradePrevention,
                    identifier: terms.identifier))
        case .cancel:
            let reference = try readReference(&reader)
            return .cancel(reference, account: AccountID(try reader.read()))
        case .cancelAndReplace:
            let reference = try readReference(&reader)
            let account = AccountID(try reader.read())
            let id = OrderID(try reader.read())
            let type: OrderType = try readCase(&reader)
            let terms = try readOptionalTerms(&reader)
            let replacement = ReplacementRequest(
                id: id, type: type, price: terms.price, volume: terms.volume, timeInForce: terms.timeInForce,
                selfTradePrevention: terms.selfTradePrevention, identifier: terms.identifier)
            return .cancelAndReplace(reference, account: account, replacement)
        case .deposit:
            let account = AccountID(try reader.read())
            let offset = reader.offset
            guard let currency = CurrencyCode(try reader.readShortText()) else {
                throw .invalid("currency", at: offset)
            }
            return .deposit(account, currency: currency, amount: Funds(units: try reader.read()))
        case .setMarketState:
            let market = try readMarket(&reader)
            let state: MarketState = try readCase(&reader)
            return .setMarketState(market, state)
        case .withdraw:
            let id = TransferID(try reader.read())
            let account = AccountID(try reader.read())
            let currency = try readCurrency(&reader)
            let amount = Funds(units: try reader.read())
            let fee = Funds(units: try reader.read())
            let offset = reader.offset
            let flags = try reader.readByte()
            guard flags & 0b1111_0000 == 0 else { throw .invalid("withdrawal flags", at: offset) }
            let network = flags & 1 != 0 ? try reader.readShortText() : nil
            let address = flags & 2 != 0 ? try reader.readShortText() : nil
            let memo = flags & 4 != 0 ? try reader.readShortText() : nil
            return .withdraw(
                WithdrawalRequest(
                    id: id, account: account, currency: currency, network: network, amount: amount, fee: fee,
                    address: address, memo: memo, isInternal: flags & 8 != 0))
        case .advanceWithdrawal:
            let id = TransferID(try reader.read())
            let step: WithdrawalStep = try readCase(&reader)
            return .advanceWithdrawal(id, step, account: AccountID(try reader.read()))
        case .receiveDeposit:
            let id = TransferID(try reader.read())
            let account = AccountID(try reader.read())
            let currency = try readCurrency(&reader)
            let network = try reader.readShortText()
            let amount = Funds(units: try reader.read())
            let txid = try reader.readShortText()
            let offset = reader.offset
            let flag = try reader.readByte()
            guard flag <= 1 else { throw .invalid("internal flag", at: offset) }
            return .receiveDeposit(
                IncomingDeposit(
                    id: id, account: account, currency: currency, network: network, amount: amount, txid: txid,
                    isInternal: flag == 1))
        case .confirmDeposit:
            return .confirmDeposit(TransferID(try reader.read()))
        case .listItem, .bid, .buyNow, .cancelItem, .advanceAuction:
            return try decodeAuction(tag, &reader)
        }
    }

    private static func readCurrency(_ reader: inout ByteReader) throws(ByteReaderError) -> CurrencyCode {
        let offset = reader.offset
        guard let currency = CurrencyCode(try reader.readShortText()) else { throw .invalid("currency", at: offset) }
        return currency
    }

    private struct OptionalTerms {
        var price: Price?
        var volume: ReplacementRequest.NewVolume?
        var timeInForce: TimeInForce?
        var selfTradePrevention: SelfTradePrevention?
        var identifier: OrderIdentifier?
    }

    private static func readOptionalTerms(_ reader: inout ByteReader) throws(ByteReaderError) -> OptionalTerms {
        let offset = reader.offset
        let flags = try reader.readByte()
        guard flags & 0b1100_0000 == 0, flags & 34 != 34 else { throw .invalid("order terms", at: offset) }
        var terms = OptionalTerms()
        if flags & 1 != 0 { terms.price = Price(units: try reader.read()) }
        if flags & 2 != 0 { terms.volume = .volume(Volume(units: try reader.read())) }
        if flags & 32 != 0 { terms.volume = .remainOnly }
        if flags & 4 != 0 { terms.timeInForce = try readCase(&reader) as TimeInForce }
        if flags & 8 != 0 { terms.selfTradePrevention = try readCase(&reader) as SelfTradePrevention }
        if flags & 16 != 0 { terms.identifier = try readIdentifier(&reader) }
        return terms
    }

    private static func readReference(_ reader: inout ByteReader) throws(ByteReaderError) -> OrderReference {
        let offset = reader.offset
        switch try reader.readByte() {
        case 0: return .id(OrderID(try reader.read()))
        case 1: return .identifier(try readIdentifier(&reader))
        default: throw .invalid("order reference", at: offset)
        }
    }

    private static func readIdentifier(_ reader: inout ByteReader) throws(ByteReaderError) -> OrderIdentifier {
        let offset = reader.offset
        guard let identifier = OrderIdentifier(try reader.readShortText()) else {
            throw .invalid("identifier", at: offset)
        }
        return identifier
    }

    private static func readMarket(_ reader: inout ByteReader) throws(ByteReaderError) -> MarketCode {
        let offset = reader.offset
        guard let market = MarketCode(try reader.readShortText()) else { throw .invalid("market code", at: offset) }
        return market
    }

    private static func readCase<T: CaseIterable>(_ reader: inout ByteReader) throws(ByteReaderError) -> T {
        let offset = reader.offset
        let index = Int(try reader.readByte())
        guard index < T.allCases.count else { throw .invalid("\(T.self)", at: offset) }
        return T.allCases[T.allCases.index(T.allCases.startIndex, offsetBy: index)]
    }
}
