/// The order records and fills that applying some journal entries changed or made: what a group commit
/// stores besides the journal, and what the private streams publish.
public struct OrderChanges: Sendable {
    /// Each changed order once, in its latest state, in the order orders were first touched.
    public private(set) var records: [OrderRecord] = []
    /// Every fill, in trade order.
    public private(set) var fills: [OrderFill] = []
    private var positions: [OrderID: Int] = [:]

    /// No changes.
    public init() {}

    /// `true` if nothing changed.
    public var isEmpty: Bool { records.isEmpty && fills.isEmpty }

    /// Keeps `record` as its order's latest state.
    public mutating func upsert(_ record: OrderRecord) {
        if let position = positions[record.id] {
            records[position] = record
        } else {
            positions[record.id] = records.count
            records.append(record)
        }
    }

    /// Adds a fill.
    public mutating func append(_ fill: OrderFill) { fills.append(fill) }

    /// Forgets everything, keeping capacity.
    public mutating func removeAll() {
        records.removeAll(keepingCapacity: true)
        fills.removeAll(keepingCapacity: true)
        positions.removeAll(keepingCapacity: true)
    }
}
