/// The resting orders of one market, in price-time priority.
///
/// Orders live in a slab addressed by `Int32` and are linked into FIFO chains per price level
/// (intrusive `prev`/`next`), so cancelling is O(1) once the slot is known and nothing allocates in
/// steady state: freed slots and levels are reused.
struct OrderBook: Equatable, Codable {
    struct Level: Equatable, Codable {
        var price: Int64
        var head: Int32 = -1
        var tail: Int32 = -1
        var volume: Int64 = 0
        var count: Int32 = 0
    }

    private(set) var orders: ContiguousArray<WorkingOrder> = []
    private var freeOrders: ContiguousArray<Int32> = []
    private(set) var levels: ContiguousArray<Level> = []
    private var freeLevels: ContiguousArray<Int32> = []
    private(set) var bids = BookSide(side: .bid)
    private(set) var asks = BookSide(side: .ask)

    init() {}

    func side(_ side: Side) -> BookSide { side == .bid ? bids : asks }

    /// The best level of `side`, without copying the side.
    @inline(__always) func bestLevel(_ side: Side) -> Int32? {
        side == .bid ? bids.bestLevel : asks.bestLevel
    }

    /// The best price of `side`, without copying the side.
    @inline(__always) func bestPrice(_ side: Side) -> Int64? {
        side == .bid ? bids.bestPrice : asks.bestPrice
    }

    /// Adds `order` at the back of its price level and returns its slot.
    mutating func add(_ order: WorkingOrder) -> Int32 {
        var order = order
        // The level slot to use if the price has no live level yet; taken only if needed.
        let spareLevel = freeLevels.last ?? Int32(levels.count)
        let levelSlot =
            order.side == .bid
            ? bids.level(at: order.price, orInsert: spareLevel)
            : asks.level(at: order.price, orInsert: spareLevel)
        if levelSlot == spareLevel {
            if freeLevels.popLast() != nil {
                levels[Int(levelSlot)] = Level(price: order.price)
            } else {
                levels.append(Level(price: order.price))
                freeLevels.reserveCapacity(levels.capacity)
            }
        }
        order.level = levelSlot
        order.prev = levels[Int(levelSlot)].tail
        order.next = -1
        let slot: Int32
        if let reused = freeOrders.popLast() {
            slot = reused
            orders[Int(slot)] = order
        } else {
            slot = Int32(orders.count)
            orders.append(order)
            // Freed slots must fit without growing the free list in steady state.
            freeOrders.reserveCapacity(orders.capacity)
        }
        if order.prev >= 0 { orders[Int(order.prev)].next = slot } else { levels[Int(levelSlot)].head = slot }
        levels[Int(levelSlot)].tail = slot
        levels[Int(levelSlot)].volume += order.remaining
        levels[Int(levelSlot)].count += 1
        return slot
    }

    /// Unlinks the order at `slot` and frees its slot (and its level if it was the last order there).
    @discardableResult
    mutating func remove(_ slot: Int32) -> WorkingOrder {
        let order = orders[Int(slot)]
        let levelSlot = Int(order.level)
        if order.prev >= 0 { orders[Int(order.prev)].next = order.next } else { levels[levelSlot].head = order.next }
        if order.next >= 0 { orders[Int(order.next)].prev = order.prev } else { levels[levelSlot].tail = order.prev }
        levels[levelSlot].volume -= order.remaining
        levels[levelSlot].count -= 1
        if levels[levelSlot].count == 0 {
            if order.side == .bid { bids.remove(price: order.price) } else { asks.remove(price: order.price) }
            freeLevels.append(Int32(levelSlot))
        }
        orders[Int(slot)].level = -1
        freeOrders.append(slot)
        return order
    }

    /// Reduces a resting order's remaining volume in place (a fill or a self-trade reduction).
    mutating func reduce(_ slot: Int32, by volume: Int64) {
        orders[Int(slot)].remaining -= volume
        levels[Int(orders[Int(slot)].level)].volume -= volume
    }

    /// Mutable access to a resting order's accounting fields (not its links, price or remaining volume).
    @inline(__always) mutating func withOrder<R>(_ slot: Int32, _ body: (inout WorkingOrder) -> R) -> R {
        body(&orders[Int(slot)])
    }

    subscript(slot: Int32) -> WorkingOrder { orders[Int(slot)] }

    /// The side and remaining volume of a resting order, without copying the whole order.
    @inline(__always) func sideAndRemaining(_ slot: Int32) -> (Side, Int64) {
        (orders[Int(slot)].side, orders[Int(slot)].remaining)
    }

    func level(_ slot: Int32) -> Level { levels[Int(slot)] }
}
