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
        let expected = prices.filter { $0 != best && $0 != 40 }.sorted(by: side == .bid ? (<) : (>))
        #expect(Array(book.prices) == expected)
    }
}
