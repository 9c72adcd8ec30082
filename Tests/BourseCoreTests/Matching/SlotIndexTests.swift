import Testing

@testable import BourseCore

@Suite("Slot index")
struct SlotIndexTests {
    @Test func randomInsertsAndRemovesAgreeWithADictionary() {
        var index = SlotIndex(capacity: 8)
        var model: [UInt64: UInt64] = [:]
        var state: UInt64 = 99
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        // Keys from a small range collide and cluster, which is what backward-shift deletion must survive.
        for step in 0..<200_000 {
            let key = next() % 5_000 + 1
            if next() % 3 == 0 {
                index.remove(key)
                model[key] = nil
            } else {
                index.insert(key, UInt64(step))
                model[key] = UInt64(step)
            }
            if step % 1_000 == 0 {
                #expect(index.count == model.count)
                for probe in 1...5_000 where index.value(for: UInt64(probe)) != model[UInt64(probe)] {
                    Issue.record("key \(probe) disagrees at step \(step)")
                    return
                }
            }
        }
    }

    @Test func sequentialIdsGrowTheTableAndStayFindable() {
        var index = SlotIndex(capacity: 4)
        for id in 1...100_000 as ClosedRange<UInt64> { index.insert(id, id * 2) }
        #expect(index.count == 100_000)
        #expect(index.value(for: 77_777) == 155_554)
        for id in stride(from: 1, through: 100_000, by: 2) as StrideThrough<UInt64> { index.remove(id) }
        #expect(index.count == 50_000)
        #expect(index.value(for: 77_777) == nil)
        #expect(index.value(for: 77_778) == 155_556)
    }
}
