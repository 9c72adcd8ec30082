public import BourseClient

/// What the auction screens ask their shell to do after a key: the state decides, the shell does the I/O
/// and answers with an ``AuctionOutcome``.
public enum AuctionAction: Hashable, Sendable {
    /// Follow this page of the list in this order (and load it now).
    case showList(page: Int, sort: AuctionSort)
    /// Follow this item and its bid history (and load them now).
    case open(item: Int64)
    /// Stop following the open item: the list is back on screen.
    case close
    /// Load what is on screen again now.
    case refresh
    /// Bid up to `maximum` on `item`.
    case bid(item: Int64, maximum: Won)
    /// Buy `item` at its buy-now price.
    case buyNow(item: Int64)
    /// Add `item` to the watchlist (`watch: true`) or take it off.
    case watch(item: Int64, watch: Bool)
    /// Show `room` of the open item `item` instead of the room shown: load its messages, join it on the
    /// socket (and leave the one before).
    case showRoom(item: Int64, room: String)
    /// Post `text` in `room`.
    case chat(room: String, text: String)
    /// Tell the server the user read `room` up to message `messageID` (a read receipt, private rooms only).
    case markRead(room: String, messageID: Int64)
    /// Load the signed-in user's notifications, and mark them read (the inbox screen is up).
    case showInbox
}

/// What the shell learnt: a refresh's data, an action's answer, or a failure.
public enum AuctionOutcome: Sendable {
    /// A page of the list, loaded for `sort`.
    case page(AuctionPage, sort: AuctionSort)
    /// An item and its bid history, newest first.
    case item(AuctionItem, history: [AuctionBid])
    /// The signed-in user's bids (`/me/bids`): where they lead and with what maximum.
    case myBids([MyBid])
    /// The ids on the signed-in user's watchlist.
    case watchlist([Int64])
    /// A bid was accepted.
    case bid(BidReceipt)
    /// A buy now went through.
    case bought(Purchase)
    /// The watchlist changed for `item`.
    case watched(item: Int64, WatchStatus)
    /// The newest messages of `room`, newest first.
    case chat(room: String, [ChatMessage])
    /// `room`'s messages could not be read: a private room the user may not open (`forbidden`), or a failure.
    case roomFailed(room: String, AuctionClientError)
    /// How far a member read a joined room (a join's list, or live).
    case read(ChatReadReceipt)
    /// The receipt of ``AuctionAction/markRead(room:messageID:)`` could not be sent (the socket was away).
    case readNotMarked(room: String, messageID: Int64)
    /// A message was posted.
    case posted(ChatMessage)
    /// A message of the room on screen arrived live.
    case said(ChatMessage)
    /// A refresh failed: a transport failure marks the connection down, a refusal shows on the status line.
    case refreshFailed(AuctionClientError)
    /// `action` failed; its error shows on the status line by the contract's name.
    case actionFailed(AuctionAction, AuctionClientError)
    /// The socket said something about a followed item, or to the signed-in user.
    case event(AuctionStream.Event)
    /// The socket's connection changed; from then on it, not the REST answers, is the connection shown.
    case connection(AuctionStream.ConnectionState)
    /// The signed-in user's latest notifications (read before ``AuctionAction/showInbox`` marked them).
    case notifications(NotificationPage)
    /// The socket said something of the user's inbox: a new entry, or entries marked read.
    case notification(NotificationUpdate)
}
