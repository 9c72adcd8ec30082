import BourseCore

/// What the suite compares of one resting order: built from the engine's ``OpenOrder`` or from the
/// model's ``ReferenceOrder``, so that two books compare with `==` and print readably.
struct OrderSnapshot: Equatable, CustomStringConvertible {
    var id: OrderID
    var account: AccountID
    var side: Side
    var price: Int64
    var remaining: Int64
    var executedVolume: Int64
    var executedFunds: Int64
    var paidFee: Int64
    var locked: Int64
    var preventedVolume: Int64

    init(_ order: OpenOrder) {
        id = order.id
        account = order.account
        side = order.side
        price = order.price.units
        remaining = order.remaining.units
        executedVolume = order.executedVolume.units
        executedFunds = order.executedFunds.units
        paidFee = order.paidFee.units
        locked = order.locked.units
        preventedVolume = order.preventedVolume.units
    }

    init(_ order: ReferenceOrder) {
        id = order.id
        account = order.account
        side = order.side
        price = order.price
        remaining = order.remaining
        executedVolume = order.executedVolume
        executedFunds = order.executedFunds
        paidFee = order.paidFee
        locked = order.lock
        preventedVolume = order.preventedVolume
    }

    var description: String {
        "#\(id) acct \(account) \(side) \(Price(units: price)) rem \(Volume(units: remaining)) "
            + "exec \(Volume(units: executedVolume))/\(Funds(units: executedFunds)) fee \(Funds(units: paidFee)) "
            + "lock \(Funds(units: locked)) prevented \(Volume(units: preventedVolume))"
    }
}
