public import BourseCore

/// How Upbit spells each of the engine's refusals: `error.name`, HTTP status and message (reference §3,
/// §5.2). The core names its refusals in its own words (``Rejection``); this is the Upbit dialect's table.
extension Rejection {
    /// Upbit's `error.name`.
    public var upbitName: String {
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
    public var upbitStatus: Int {
        switch self {
        case .marketOffline: 403
        case .orderNotFound, .withdrawNotFound: 404
        case .orderIDReused: 500
        default: 400
        }
    }

    /// The message Upbit answers with, in its language.
    public var upbitMessage: String {
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
