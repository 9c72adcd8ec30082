import BourseCore
import BourseStore

extension ChatDesk {
    /// Deletes message `id` of `room` as `user` (its author, or a moderator of the room) and tells the room's
    /// members (`chat.deleted`) once, in the chat queue, so after the message itself went out.
    func delete(_ id: UInt64, in room: ChatRoom, by user: AuctionUser) async throws -> StoredChatMessage {
        let item = try await readable(room, by: user)
        let store = controller.store
        guard let message = try await store.chatMessage(id: id), message.room == room.name else {
            throw Self.noMessage(id, in: room)
        }
        if message.author != user.account.id {
            guard try await role(of: user, in: room, of: item).moderatesRoom else {
                throw Self.forbidden("Only its author or the room's moderators delete a message.")
            }
        }
        let feed = controller.feed
        let now = controller.clock()
        return try await feed.chatQueue.run {
            guard let (deleted, changed) = try await store.deleteChatMessage(id: id, by: user.account.id, at: now)
            else { throw Self.noMessage(id, in: room) }
            if changed { feed.deliver(toRoom: room.name, ChatJSON.deletion(deleted)) }
            return deleted
        }
    }
}
