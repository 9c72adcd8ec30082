public import BourseClient

/// The list screen's part of ``AuctionsState``: the page followed, its items, and the selection, kept by
/// item id so that it stays on the same item while a refresh reorders the page.
public struct AuctionListState: Sendable {
    /// The order asked of the server.
    public var sort = AuctionSort.ending
    /// The page followed, from 1.
    public var page = 1
    /// How many pages the list has.
    public var pages = 1
    /// How many items match, over all pages.
    public var total = 0
    /// The followed page's items, in the server's order; empty until the first answer.
    public var items: [AuctionItem] = []
    /// `true` once a page has come (until then the list says it is loading, not that it is empty).
    public var loaded = false
    /// The selected item's id.
    public var selectedID: Int64?
    /// The first row on screen.
    public var top = 0

    /// An empty list, ending soonest first.
    public init() {}

    /// The selected item: the kept one if still on the page, else the first.
    public var selected: AuctionItem? {
        if let selectedID, let item = items.first(where: { $0.id == selectedID }) { return item }
        return items.first
    }

    /// Takes a page loaded for `sort`; a page of an order no longer chosen is dropped (it was asked before
    /// `s` was pressed), and a page past the end (items ended meanwhile) keeps the page number for the
    /// shell to correct.
    mutating func take(_ answer: AuctionPage, sort: AuctionSort, visibleRows: Int) {
        guard sort == self.sort, answer.page == page else { return }
        items = answer.items
        pages = max(1, answer.pages)
        total = answer.total
        loaded = true
        scroll(visibleRows: visibleRows)
    }

    /// Moves the selection by `delta` rows within the page.
    mutating func move(by delta: Int, visibleRows: Int) {
        guard !items.isEmpty else { return }
        let current = selected.flatMap { item in items.firstIndex { $0.id == item.id } } ?? 0
        selectedID = items[max(0, min(items.count - 1, current + delta))].id
        scroll(visibleRows: visibleRows)
    }

    /// Keeps the selection on screen: moves ``top`` so the selected row is among the `visibleRows` shown.
    public mutating func scroll(visibleRows: Int) {
        let index = selected.flatMap { item in items.firstIndex { $0.id == item.id } } ?? 0
        if index < top { top = index }
        if index >= top + visibleRows { top = index - visibleRows + 1 }
        top = max(0, min(top, max(0, items.count - visibleRows)))
    }
}
