/// Why a command was refused, in the core's own words.
///
/// How a dialect spells a refusal (Upbit's `error.name`, HTTP status and Korean message) is the dialect's
/// business (`BourseUpbit.UpbitError`); the Upbit names in the comments below say what each case maps to.
public enum Rejection: Error, Hashable, Sendable, CustomStringConvertible {
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

    /// A short English sentence for logs and the command line.
    public var description: String {
        switch self {
        case .marketNotFound: "the market is not listed"
        case .marketOffline: "the market is suspended"
        case .createError(let side):
            "this combination of type, price, volume and time in force is not allowed (\(side))"
        case .invalidPrice(let side): "the price is not on the market's tick grid (\(side))"
        case .invalidPostOnly: "post-only cannot be combined with self-trade prevention"
        case .underMinTotal(let side): "the total is below the market's minimum (\(side))"
        case .insufficientFunds(let side): "the available balance does not cover the order (\(side))"
        case .invalidFunds: "the amount is too large or not positive"
        case .duplicatedIdentifier: "the identifier was used before"
        case .orderNotFound: "no such open order"
        case .insufficientFundsWithdraw: "the available balance does not cover the withdrawal and its fee"
        case .withdrawNotFound: "no such withdrawal"
        case .withdrawNotCancelable: "the withdrawal can no longer be cancelled"
        case .orderIDReused: "the order id was handed out before"
        }
    }
}
