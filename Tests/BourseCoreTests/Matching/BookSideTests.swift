import Testing

@testable import BourseCore

@Suite("Book side ordering")
struct BookSideTests {
    @Test(arguments: [Side.bid, .ask])
    func levelsStaySortedWithTheBestPriceLast(side: Side) {
        var book = BookSide(side: side)
        let prices: [Int64] = [50, 10, 30, 70, 20, 60, 40]
        for (slot, price) in prices.enumerated() { book.insert(price: price, level: Int32(slot)) }
        let best = side == .bid ? prices.max()! : prices.min()!
        #expect(book.bestPrice == best)
        #expect(book.level(at: 30) == 2)
        #expect(book.level(at: 35) == nil)
        book.remove(price: best)
        book.remove(price: 40)
        let expected = prices.filter { $0 != best && $0 != 40 }.sorted(by: side == .bid ? (>) : (<))
        #expect(book.levelsBestFirst.map { book.prices[book.levels.firstIndex(of: $0)!] } == expected)
        #expect(book.count == 5)
    }

    @Test func anEmptiedLevelAwayFromTheTouchIsRevivedWithoutGrowingTheArray() {
        var book = BookSide(side: .bid)
        for (slot, price) in [10, 20, 30].enumerated() { book.insert(price: Int64(price), level: Int32(slot)) }
        book.remove(price: 20)
        #expect(book.prices.count == 3)
        #expect(book.tombstones == 1)
        #expect(book.level(at: 20) == nil)
        book.insert(price: 20, level: 7)
        #expect(book.prices.count == 3)
        #expect(book.tombstones == 0)
        #expect(book.level(at: 20) == 7)
    }

    @Test func removingTheBestLevelAlsoDropsTombstonesBehindIt() {
        var book = BookSide(side: .ask)
        for (slot, price) in [10, 20, 30].enumerated() { book.insert(price: Int64(price), level: Int32(slot)) }
        book.remove(price: 20)
        book.remove(price: 10)
        #expect(book.bestPrice == 30)
        #expect(book.prices.count == 1)
        #expect(book.tombstones == 0)
    }

    @Test func tombstonesAreCompactedWhenTheyPileUp() {
        var book = BookSide(side: .bid)
        let total = BookSide.compactionSlack + 10
        for price in 0...total { book.insert(price: Int64(price), level: Int32(price)) }
        // Empty every level but the best one, from the bottom up.
        for price in 0..<total { book.remove(price: Int64(price)) }
        #expect(book.count == 1)
        #expect(book.prices.count < BookSide.compactionSlack + 2)
        #expect(book.bestPrice == Int64(total))
    }
}
