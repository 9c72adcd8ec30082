import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOEmbedded
import Testing

@testable import BourseServer

/// Hummingbird keeps an upgrade's WebSocket handler in the request context's hook together with a copy of
/// the context, which holds the hook: a cycle that kept every upgraded connection's context, channel and
/// buffers allocated after it closed (~4.75 KB per connection; ADR 0018). The socket handlers release the
/// hook as they start; this shows the cycle and that releasing ends it.
@Suite("WebSocket upgrade hook")
struct WebSocketHookTests {
    /// Routes an upgrade request for `/socket` through a WebSocket router, as the upgrade channel does, and
    /// returns the context's hook holder, `release`d or not.
    static func upgrade(releasing release: Bool) async throws -> WebSocketSlot {
        let router = Router(context: BourseRequestContext.self)
        router.ws("/socket") { _, _, _ in }
        let context = BourseRequestContext(
            source: .init(channel: EmbeddedChannel(), logger: Logger(label: "test")))
        let request = Request(
            head: .init(method: .get, scheme: "http", authority: "localhost", path: "/socket"),
            body: .init(buffer: .init()))
        let response = try await router.buildResponder().respond(to: request, context: context)
        #expect(response.status == .ok)
        if release { context.releaseWebSocketHook() }
        return context.webSocketSlot
    }

    @Test func releasingTheHookFreesTheContextThatHummingbirdsCycleKeeps() async throws {
        weak let released = try await Self.upgrade(releasing: true)
        #expect(released == nil, "a released hook lets the context go")
        // Hummingbird's cycle as it is: the context is never freed without the release. If this starts
        // failing, Hummingbird broke the cycle itself and the release can go.
        weak let kept = try await Self.upgrade(releasing: false)
        #expect(kept != nil, "without the release, the context is kept by its own hook")
    }
}
