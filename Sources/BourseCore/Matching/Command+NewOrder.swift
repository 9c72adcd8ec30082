extension Command {
    /// The id of the order this command creates: a placement's, or a cancel-and-replace's new order.
    ///
    /// Order ids come from one counter, the writer's (``ExchangeState/nextOrderID``), so that no two orders
    /// of any participant ever share one; see ``assigningOrderID(_:)``.
    public var newOrderID: OrderID? {
        switch self {
        case .place(let request): request.id
        case .cancelAndReplace(_, _, let replacement): replacement.id
        default: nil
        }
    }

    /// This command with the order it creates named `id`; a command that creates no order is unchanged.
    ///
    /// A participant that is not the writer (the demo's simulator, a script) builds its commands with any
    /// id and lets the writer hand out the real one through this, then learns it from the events.
    public func assigningOrderID(_ id: OrderID) -> Command {
        switch self {
        case .place(var request):
            request.id = id
            return .place(request)
        case .cancelAndReplace(let reference, let account, var replacement):
            replacement.id = id
            return .cancelAndReplace(reference, account: account, replacement)
        default:
            return self
        }
    }
}
