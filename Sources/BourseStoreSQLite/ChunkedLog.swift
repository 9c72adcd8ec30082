/// An append-only array kept in chunks of 4,096 elements: growing it never moves what it already holds.
///
/// Pending order changes are appended on the commit path; in one array of whole records, each doubling of
/// its capacity copied up to 26 MB at once, a stall of several milliseconds inside a commit (perf over
/// `bourse bench journal`). Chunks are allocated one at a time and never copied.
struct ChunkedLog<Element> {
    private static var chunkShift: Int { 12 }
    private static var chunkSize: Int { 1 << chunkShift }

    private var chunks: [[Element]] = []
    /// How many elements were appended.
    private(set) var count = 0

    mutating func append(_ element: Element) {
        if count & (Self.chunkSize - 1) == 0 {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }

    /// The element appended `position`-th (from 0).
    subscript(position: Int) -> Element {
        chunks[position >> Self.chunkShift][position & (Self.chunkSize - 1)]
    }

    /// Every element, in the order appended.
    var elements: [Element] { chunks.flatMap(\.self) }
}

extension ChunkedLog: Sendable where Element: Sendable {}
