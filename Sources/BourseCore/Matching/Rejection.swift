/// Why an order or a cancel was refused. Each case carries Upbit's `error.name` and HTTP status.
public enum Rejection: Error, Hashable, Sendable {
    /// The market code is not listed.
    case marketNotFound
    /// The market is suspended (`market_offline`, 403).
    case marketOffline
    /// The combination of `ord_type`, `price`, `volume` and `time_in_force` is not allowed
    /// (`create_bid_error` / `create_ask_error`).
    case createError(Side)
    /// The price is not on the market's tick grid (`invalid_price_bid` / `invalid_price_ask`).
    case invalidPrice(Side)
    /// `post_only` combined with `smp_type` (`invalid_post_only`).
    case invalidPostOnly
    /// The total is below the market minimum (`under_min_total_bid` / `under_min_total_ask`).
    case underMinTotal(Side)
    /// The available balance does not cover the lock (`insufficient_funds_bid` / `insufficient_funds_ask`).
    case insufficientFunds(Side)
    /// The amounts are too large to compute (`invalid_funds`).
    case invalidFunds
    /// The account used this `identifier` before (`duplicated_identifier`).
    case duplicatedIdentifier
    /// No open order of this account has that id (`order_not_found`, 404).
    case orderNotFound
    /// The available balance does not cover a withdrawal's amount and fee (`insufficient_funds_withdraw`).
    case insufficientFundsWithdraw
    /// No withdrawal of this account has that id (`withdraw_not_found`, 404).
    case withdrawNotFound
    /// The withdrawal is past the state where this step applies, e.g. a cancel once it was sent
    /// (`withdraw_not_cancelable`).
    case withdrawNotCancelable
    /// The command's new order id was handed out before. Ids come only from the writer's counter, so this
    /// is a fault of whoever built the command, never of a client; the engine refuses it rather than let
    /// two orders share an id (one of them would become unreachable).
    case orderIDReused

    /// Upbit's `error.name`.
    public var name: String {
        switch self {
        case .marketNotFound: "market_does_not_exist"
        case .marketOffline: "market_offline"
        case .createError(let side): "create_\(side.rawValue)_error"
        case .invalidPrice(let side): "invalid_price_\(side.rawValue)"
        case .invalidPostOnly: "invalid_post_only"
        case .underMinTotal(let side): "under_min_total_\(side.rawValue)"
        case .insufficientFunds(let side): "insufficient_funds_\(side.rawValue)"
        case .invalidFunds: "invalid_funds"
        case .duplicatedIdentifier: "duplicated_identifier"
        case .orderNotFound: "order_not_found"
        case .insufficientFundsWithdraw: "insufficient_funds_withdraw"
        case .withdrawNotFound: "withdraw_not_found"
        case .withdrawNotCancelable: "withdraw_not_cancelable"
        case .orderIDReused: "server_error"
        }
    }

    /// The HTTP status Upbit answers with.
    public var httpStatus: Int {
        switch self {
        case .marketOffline: 403
        case .orderNotFound, .withdrawNotFound: 404
        case .orderIDReused: 500
        default: 400
        }
    }

    /// A human-readable message in Upbit's language.
    public var message: String {
        switch self {
        case .marketNotFound: "마켓이 존재하지 않습니다."
        case .marketOffline: "시스템 점검 중입니다. 잠시 후 다시 시도해주세요."
        case .createError: "주문 조건이 올바르지 않습니다. ord_type, price, volume, time_in_force를 확인해주세요."
        case .invalidPrice: "주문가격 단위를 잘못 입력하셨습니다. 확인 후 시도해주세요."
        case .invalidPostOnly: "post_only 주문은 smp_type과 함께 사용할 수 없습니다."
        case .underMinTotal: "최소주문금액 이상으로 주문해주세요."
        case .insufficientFunds: "주문가능한 금액이 부족합니다."
        case .invalidFunds: "주문 금액이 올바르지 않습니다."
        case .duplicatedIdentifier: "중복된 identifier입니다."
        case .orderNotFound: "주문을 찾지 못했습니다."
        case .insufficientFundsWithdraw: "출금가능금액이 부족합니다."
        case .withdrawNotFound: "출금 내역을 찾지 못했습니다."
        case .withdrawNotCancelable: "출금을 취소할 수 없는 상태입니다."
        case .orderIDReused: "서버 오류로 주문을 처리하지 못했습니다."
        }
    }
}
