import BourseWire
import NIOCore
import Synchronization

/// What an auction socket's request tasks share with its ``WebSocketFastLane``, through which its bids
/// are queued straight from the event loop (they only queue a command; the answer comes when the commit
/// is durable).
///
/// The lane takes a message only when every earlier one is done with (``handled``), so a bid never
/// overtakes the `auth` or `subscribe` before it; and it takes only a bid (`type` "bid" with an `id`) from a
/// signed-in, open connection within the message rate. Everything else goes the ordinary way; both ways
/// place and answer a bid, or refuse a bad `item` or `max`, with the same function
/// (`AuctionStreamRoutes.bid`).
final class AuctionBidLane: Sendable {
    /// Messages the request tasks are done with.
    let handled = WebSocketFastLane.Handled()
    /// Who the connection is signed in as, kept by the request handler.
    let user = Mutex<AuctionUser?>(nil)

    /// The bid in `bytes` with its `id` and the signed-in user, if it is a bid the lane may queue.
    func bid(in bytes: ByteBuffer) -> (message: JSONValue, id: JSONValue, user: AuctionUser)? {
        guard let user = user.withLock({ $0 }),
            let message = try? JSONValue(parsing: bytes.readableBytesView), message["type"]?.stringValue == "bid",
            let id = message["id"], id.stringValue != nil || id.numberText != nil
        else { return nil }
        return (message, id, user)
    }
}
