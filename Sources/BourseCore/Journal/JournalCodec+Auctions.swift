// Field-by-field encoding of the auction commands (tags 10–14). Layouts, after the tag, integers
// little-endian, amounts as their 10⁻⁸ units:
//
//   listItem        item u64 · seller u64 · start i64 · starts ms i64 · ends ms i64 · soft close s i64 ·
//                   extension s i64 · fee rate i64 · flags u8 (1 reserve, 2 buy-now, 4 hard end, 8 own table)
//                   · [reserve i64] · [buy-now i64] · [hard end ms i64] · [bands u32 · (bound i64 · step i64)… ·
//                   top step i64]
//   bid             item u64 · account u64 · maximum i64
//   buyNow          item u64 · account u64
//   cancelItem      item u64 · account u64
//   advanceAuction  item u64
//
// An item on the standard increment table does not write it, so a listing is 65 bytes after its tag in the
// usual case.

extension JournalCodec {
    static func encodeAuction(_ command: Command, into writer: inout ByteWriter) {
        switch command {
        case .listItem(let id, let terms):
            writer.write(Tag.listItem.rawValue)
            writer.write(id.rawValue)
            writer.write(terms.seller.rawValue)
            writer.write(terms.startPrice.units)
            writer.write(terms.startsAt.milliseconds)
            writer.write(terms.endsAt.milliseconds)
            writer.write(terms.softCloseSeconds)
            writer.write(terms.extensionSeconds)
            writer.write(terms.feeRate.units)
            let ownTable = terms.increments != .standard
            var flags: UInt8 = ownTable ? 8 : 0
            if terms.reservePrice != nil { flags |= 1 }
            if terms.buyNowPrice != nil { flags |= 2 }
            if terms.hardEndAt != nil { flags |= 4 }
            writer.write(flags)
            if let reserve = terms.reservePrice { writer.write(reserve.units) }
            if let buyNow = terms.buyNowPrice { writer.write(buyNow.units) }
            if let hardEnd = terms.hardEndAt { writer.write(hardEnd.milliseconds) }
            if ownTable {
                writer.write(UInt32(terms.increments.bands.count))
                for band in terms.increments.bands {
                    writer.write(band.bound.units)
                    writer.write(band.step.units)
                }
                writer.write(terms.increments.topStep.units)
            }
        case .bid(let id, let account, let maximum):
            writer.write(Tag.bid.rawValue)
            writer.write(id.rawValue)
            writer.write(account.rawValue)
            writer.write(maximum.units)
        case .buyNow(let id, let account):
            writer.write(Tag.buyNow.rawValue)
            writer.write(id.rawValue)
            writer.write(account.rawValue)
        case .cancelItem(let id, let account):
            writer.write(Tag.cancelItem.rawValue)
            writer.write(id.rawValue)
            writer.write(account.rawValue)
        case .advanceAuction(let id):
            writer.write(Tag.advanceAuction.rawValue)
            writer.write(id.rawValue)
        default:
            preconditionFailure("not an auction command: \(command)")
        }
    }

    static func decodeAuction(_ tag: Tag, _ reader: inout ByteReader) throws(ByteReaderError) -> Command {
        let id = ItemID(try reader.read())
        switch tag {
        case .listItem:
            return .listItem(id, try readTerms(&reader))
        case .bid:
            let account = AccountID(try reader.read())
            return .bid(id, account: account, maximum: Funds(units: try reader.read()))
        case .buyNow:
            return .buyNow(id, account: AccountID(try reader.read()))
        case .cancelItem:
            return .cancelItem(id, account: AccountID(try reader.read()))
        case .advanceAuction:
            return .advanceAuction(id)
        default:
            preconditionFailure("not an auction tag: \(tag)")
        }
    }

    private static func readTerms(_ reader: inout ByteReader) throws(ByteReaderError) -> ItemTerms {
        let seller = AccountID(try reader.read())
        let start = Funds(units: try reader.read())
        let startsAt = Timestamp(milliseconds: try reader.read())
        let endsAt = Timestamp(milliseconds: try reader.read())
        let softClose: Int64 = try reader.read()
        let extensionSeconds: Int64 = try reader.read()
        let feeRate = FeeRate(units: try reader.read())
        let offset = reader.offset
        let flags = try reader.readByte()
        guard flags & 0b1111_0000 == 0 else { throw .invalid("listing flags", at: offset) }
        let reserve = flags & 1 != 0 ? Funds(units: try reader.read()) : nil
        let buyNow = flags & 2 != 0 ? Funds(units: try reader.read()) : nil
        let hardEnd = flags & 4 != 0 ? Timestamp(milliseconds: try reader.read()) : nil
        var increments = IncrementTable.standard
        if flags & 8 != 0 {
            var bands: [IncrementTable.Band] = []
            let count: UInt32 = try reader.read()
            for _ in 0..<count {
                let bound = Funds(units: try reader.read())
                bands.append(IncrementTable.Band(below: bound, step: Funds(units: try reader.read())))
            }
            increments = IncrementTable(bands: bands, topStep: Funds(units: try reader.read()))
        }
        return ItemTerms(
            seller: seller, startPrice: start, reservePrice: reserve, buyNowPrice: buyNow, startsAt: startsAt,
            endsAt: endsAt, softCloseSeconds: softClose, extensionSeconds: extensionSeconds, hardEndAt: hardEnd,
            increments: increments, feeRate: feeRate)
    }
}
