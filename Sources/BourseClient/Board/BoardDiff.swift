/// How one published board differs from the one before: what a list UI applies instead of reloading.
///
/// Positions follow UIKit's batch-update rules: ``removed`` and each move's `from` are positions in the
/// previous snapshot; ``inserted``, each move's `to` and ``updated`` are positions in the new one. Rows
/// not removed, inserted or moved keep their relative order. A diffable data source can instead apply the
/// new snapshot's ids and reconfigure the ``updated`` rows.
public struct BoardDiff: Hashable, Sendable {
    /// Rows gone, by previous position, ascending.
    public var removed: [Int] = []
    /// Rows new, by new position, ascending.
    public var inserted: [Int] = []
    /// Rows that changed place.
    public var moved: [BoardMove] = []
    /// Rows present in both whose values changed (price, change, traded value, favourite), by new position,
    /// ascending; moved rows included.
    public var updated: [Int] = []
    /// `true` if the previous snapshot is the first (everything is inserted).
    public var isInitial = false

    /// No change.
    public init() {}

    /// `true` if nothing changed.
    public var isEmpty: Bool { removed.isEmpty && inserted.isEmpty && moved.isEmpty && updated.isEmpty }

    /// `old` turned into the new order by this diff's removals, moves and insertions (the new rows come from
    /// `new`): the check that a diff is complete. Equals `new` when the diff is right.
    public func applying<Row>(to old: [Row], new: [Row]) -> [Row] {
        var gone = Set(removed)
        for move in moved { gone.insert(move.from) }
        var rows: [Row?] = old.indices.filter { !gone.contains($0) }.map { old[$0] }
        var arriving = inserted.map { ($0, new[$0]) } + moved.map { ($0.to, new[$0.to]) }
        arriving.sort { $0.0 < $1.0 }
        for (position, row) in arriving { rows.insert(row, at: min(position, rows.count)) }
        return rows.compactMap { $0 }
    }
}

/// A row that moved from one position to another.
public struct BoardMove: Hashable, Sendable {
    /// Its position in the previous snapshot.
    public var from: Int
    /// Its position in the new one.
    public var to: Int

    /// Builds it from exactly these parts; nothing is checked or derived here.
    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }
}

/// A published board: its rows in order and how they differ from the previous snapshot.
public struct BoardSnapshot: Sendable {
    /// The rows, in the order the settings ask for.
    public var rows: [BoardRow]
    /// The change from the previous snapshot.
    public var diff: BoardDiff
    /// The settings it was made with.
    public var settings: BoardSettings
    /// Ticker updates the board had absorbed when it was made.
    public var updatesAbsorbed: Int
}
