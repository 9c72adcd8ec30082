public import BourseClient

extension AuctionsState.Connection {
    /// The socket's state as the status line says it: a stream waiting to reconnect is unreachable, with
    /// why and when it tries again.
    public init(_ state: AuctionStream.ConnectionState) {
        switch state {
        case .connecting: self = .connecting
        case .connected: self = .live
        case .waiting(let delay, let error):
            let seconds = max(1, delay.components.seconds + (delay.components.attoseconds > 0 ? 1 : 0))
            self = .unreachable("\(error) (again in \(seconds)s)")
        case .failed(let reason): self = .unreachable(reason)
        }
    }
}

extension AuctionsState {
    /// Takes a socket event: the rows and the open item follow the sale's changes, and the personal ones
    /// (outbid, won, lost, sold) change the user's standing and show on the status line.
    mutating func apply(_ event: AuctionStream.Event) {
        for index in list.items.indices where list.items[index].id == event.item {
            list.items[index].apply(event)
        }
        detail?.item.apply(event)
        let title = self.title(of: event.item)
        switch event.change {
        case .outbid(let price, _):
            standings[event.item] = Standing(leading: false, yourMax: nil)
            notice = .info("outbid on \(title) at \(AuctionText.won(price))")
        case .won(let price):
            standings[event.item] = Standing(leading: true, yourMax: standings[event.item]?.yourMax)
            notice = .info("won \(title) at \(AuctionText.won(price))")
        case .lost(let state, let price):
            standings[event.item] = Standing(leading: false, yourMax: nil)
            notice = .info(
                state == .sold
                    ? "lost \(title): sold to another bidder at \(AuctionText.won(price))"
                    : "\(title) ended unsold at \(AuctionText.won(price))")
        case .sold(let price):
            notice = .info("sold \(title) at \(AuctionText.won(price))")
        default: break
        }
    }

    /// The item's title if it is on screen, else its id, for a line about it.
    private func title(of id: Int64) -> String {
        if let detail, detail.item.id == id { return detail.item.title }
        return list.items.first { $0.id == id }?.title ?? "item #\(id)"
    }
}
