import BourseCore
import BourseUpbit

/// The new order of `POST /v1/orders/cancel_and_new`: `new_ord_type`, `new_price`, `new_volume` (a decimal
/// or `remain_only`), `new_identifier`, `new_time_in_force`, `new_smp_type`.
struct ReplacementForm {
    var type: OrderType
    var price: Price?
    var volume: ReplacementRequest.NewVolume?
    var timeInForce: TimeInForce?
    var selfTradePrevention: SelfTradePrevention?
    var identifier: OrderIdentifier?

    init(_ parameters: RequestParameters) throws(UpbitError) {
        type = try OrderForm.choice(parameters.first("new_ord_type"), "new_ord_type")
        price = try OrderForm.amount(parameters.first("new_price"), "new_price")
        if parameters.first("new_volume") == "remain_only" {
            volume = .remainOnly
        } else if let volume: Volume = try OrderForm.amount(parameters.first("new_volume"), "new_volume") {
            self.volume = .volume(volume)
        }
        timeInForce = try OrderForm.optionalChoice(parameters.first("new_time_in_force"), "new_time_in_force")
        selfTradePrevention = try OrderForm.optionalChoice(parameters.first("new_smp_type"), "new_smp_type")
        identifier = try OrderForm.identifier(parameters.first("new_identifier"), "new_identifier")
    }

    /// The replacement with id `id`.
    func request(id: OrderID) -> ReplacementRequest {
        ReplacementRequest(
            id: id, type: type, price: price, volume: volume, timeInForce: timeInForce,
            selfTradePrevention: selfTradePrevention, identifier: identifier)
    }
}
