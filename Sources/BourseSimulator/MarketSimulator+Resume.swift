public import BourseCore

extension MarketSimulator {
    /// Picks up a market that already ran: the participants' holdings and the makers' open orders are read
    /// from `exchange` (``reconcile(with:)``), and the underlying values restart from the last trade
    /// prices, so each market's fair price is where it last traded and cross rates agree again.
    ///
    /// A restarted demo calls this with the recovered exchange instead of funding participants again.
    public mutating func resume(from exchange: Exchange, lastPrices: [MarketCode: Price]) {
        reconcile(with: exchange)
        lastStep = nil
        // Start from the pegged assets (a stablecoin's value is known) and derive the others from the
        // markets that join them to known ones; an asset no traded market reaches keeps its anchor.
        var known = Set(values.assets.indices.filter { values.assets[$0].bandBasisPoints != nil })
        if known.isEmpty, !values.assets.isEmpty { known.insert(0) }
        var changed = true
        while changed {
            changed = false
            for book in markets {
                guard let price = lastPrices[book.code]?.units, price > 0 else { continue }
                if known.contains(book.quote) && !known.contains(book.base) {
                    values.set(base: book.base, quote: book.quote, price: price)
                    known.insert(book.base)
                    changed = true
                } else if known.contains(book.base) && !known.contains(book.quote) {
                    values.set(quote: book.quote, base: book.base, price: price)
                    known.insert(book.quote)
                    changed = true
                }
            }
        }
        for index in markets.indices {
            markets[index].fair = values.price(base: markets[index].base, quote: markets[index].quote)
            markets[index].spacing = 0
        }
    }

    /// Reads the participants' holdings and the makers' open quotes from `exchange`: the simulator's own
    /// count comes only from the events it is shown, and a person trading against a quote is not among
    /// them.
    public mutating func reconcile(with exchange: Exchange) {
        for account in accounts {
            var held: [CurrencyCode: Int64] = [:]
            for balance in exchange.ledger.balances(of: account) {
                guard let currency = CurrencyCode(balance.currency) else { continue }
                held[currency] = balance.balance.units + balance.locked.units
            }
            holdings[account] = held
        }
        quoteOwners.removeAll()
        for index in markets.indices {
            markets[index].quotes = [:]
            guard let engine = exchange.engine(markets[index].code) else { continue }
            let maker = markets[index].maker
            for order in engine.orders(.bid) + engine.orders(.ask) where order.account == maker {
                remember(
                    order.id, Quote(side: order.side, price: order.price.units, remaining: order.remaining.units), index
                )
            }
        }
    }
}
