import BourseCore
import BourseUpbit
import Testing

@testable import BourseServer

/// An account's numbered private messages (ADR 0017): numbers per topic, the replay of what came after a
/// client's numbers, and what it is told when that is no longer kept or its numbers are another epoch's.
@Suite("Private tape")
struct PrivateTapeTests {
    static let btc = PrivateResume.Topic.orders(MarketCode("KRW-BTC")!)
    static let eth = PrivateResume.Topic.orders(MarketCode("KRW-ETH")!)

    static func alert(_ id: UInt64) -> PrivateTape.Message {
        .alert(
            PrivateFeed.AlertMessage(
                id: id, kind: "price", market: nil, item: nil, notification: id, text: "alert \(id)",
                time: Timestamp(milliseconds: 1)))
    }

    @Test func eachTopicCountsOnItsOwnAndAResumeReplaysOnlyWhatCameAfterInOrder() {
        var tape = PrivateTape(epoch: "e1")
        for topic in [Self.btc, Self.eth, Self.btc, .alerts, Self.btc] { _ = tape.append(Self.alert(1), topic: topic) }
        #expect(tape.latest == [Self.btc: 3, Self.eth: 1, .alerts: 1])
        let (answer, replay) = tape.resume(
            PrivateResume(epoch: "e1", since: [Self.btc: 1, Self.eth: 1, .alerts: 0]), wants: { _ in true })
        #expect(replay.map(\.sequence) == [2, 1, 3] && replay.map(\.topic) == [Self.btc, .alerts, Self.btc])
        let status = Dictionary(uniqueKeysWithValues: answer.map { ($0.topic, $0.status) })
        #expect(status == [Self.btc: .replayed, Self.eth: .current, .alerts: .replayed])
        #expect(answer.first { $0.topic == Self.btc }?.replayed == 2)
    }

    @Test func aResumeOfThisEpochGetsTheTopicsItHasNoNumberForFromTheStart() {
        var tape = PrivateTape(epoch: "e1")
        for topic in [Self.btc, Self.eth, .assets, Self.btc] { _ = tape.append(Self.alert(1), topic: topic) }
        // The client knew the epoch and had seen nothing (a bot's first connection, quiet until the drop).
        let quiet = tape.resume(PrivateResume(epoch: "e1"), wants: { $0 != .assets })
        #expect(
            quiet.replay.map(\.topic) == [Self.btc, Self.eth, Self.btc] && quiet.replay.map(\.sequence) == [1, 1, 2])
        #expect(quiet.answer.allSatisfy { $0.status == .replayed && $0.since == 0 } && quiet.answer.count == 2)
        // Without the epoch (a new client), nothing is replayed; with another, nothing either.
        #expect(tape.resume(PrivateResume(), wants: { _ in true }).replay.isEmpty)
        #expect(tape.resume(PrivateResume(epoch: "e0"), wants: { _ in true }).replay.isEmpty)
    }

    @Test func whatIsNoLongerKeptIsMissedAndAnotherEpochsNumbersAreReset() {
        var tape = PrivateTape(epoch: "e1")
        for _ in 0..<(PrivateTape.capacity + 5) { _ = tape.append(Self.alert(1), topic: .alerts) }
        let resume = { (since: UInt64) in
            tape.resume(PrivateResume(epoch: "e1", since: [.alerts: since]), wants: { _ in true })
        }
        // The first five are gone: a client that saw 4 missed the fifth; one that saw 5 gets everything after.
        #expect(resume(4).answer.first?.status == .missed && resume(4).replay.isEmpty)
        #expect(resume(5).answer.first?.status == .replayed && resume(5).replay.count == PrivateTape.capacity)
        // Ahead of the tape, or of another epoch: reset, nothing replayed.
        #expect(resume(2_000).answer.first?.status == .reset)
        let other = tape.resume(PrivateResume(epoch: "e0", since: [.alerts: 10]), wants: { _ in true })
        #expect(other.answer.first?.status == .reset && other.replay.isEmpty)
        // A topic the connection no longer subscribes to is not replayed: it is told it missed them.
        let unwanted = tape.resume(PrivateResume(epoch: "e1", since: [.alerts: 900]), wants: { $0 != .alerts })
        #expect(unwanted.answer.first?.status == .missed && unwanted.replay.isEmpty)
    }

    @Test func theRequestNamesItsResumeOrIsRefusedInUpbitsWords() throws {
        let request = try PrivateSubscriptionRequest(
            parsing: Array(
                #"[{"ticket":"t"},{"resume":{"epoch":"e1","myOrder":{"krw-btc":7},"myAsset":3}},{"type":"myOrder"}]"#
                    .utf8))
        #expect(request.resume == PrivateResume(epoch: "e1", since: [Self.btc: 7, .assets: 3]))
        let plain = try PrivateSubscriptionRequest(parsing: Array(#"[{"ticket":"t"},{"type":"myAsset"}]"#.utf8))
        #expect(plain.resume == nil)
        for (text, words) in [
            (#"{"resume":{"myAsset":3}}"#, "without the epoch"),
            (#"{"resume":{"epoch":"e1","myAsset":-1}}"#, "whole number"),
            (#"{"resume":{"epoch":"e1","trade":{}}}"#, "it takes epoch"),
            (#"{"resume":{"epoch":"e1","myOrder":{"BTC":1}}}"#, "not a market code"),
            (#"{"resume":[]}"#, "must be an object"),
        ] {
            do {
                _ = try PrivateSubscriptionRequest(
                    parsing: Array(#"[{"ticket":"t"},\#(text),{"type":"myAsset"}]"#.utf8))
                Issue.record("\(text) was taken")
            } catch {
                #expect(error.message.contains(words), "\(text): \(error.message)")
            }
        }
    }
}
