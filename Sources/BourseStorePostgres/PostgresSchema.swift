import PostgresNIO

/// The tables of a PostgreSQL store, as numbered migrations.
///
/// Conventions: money and amounts are `bigint` counts of 10⁻⁸ units (`Price`, `Volume`, `Funds`); totals
/// that may pass 64 bits are exact decimal integers in `text` (`FixedPointSum` units); times are Unix
/// milliseconds in `bigint` columns named `…_ms`; candle units are `CandleUnit.storageCode`; journal
/// sequences are positive `bigint`s. No floating point anywhere.
enum PostgresSchema {
    /// Key of the transaction-scoped advisory lock that makes concurrent `migrate()` calls take turns
    /// ("bourse" in ASCII).
    static let migrationLockKey: Int64 = 0x626F_7572_7365

    /// Every migration, in version order.
    static let migrations: [PostgresMigration] = [version1]

    /// Journal, snapshots, trades and candles.
    static let version1 = PostgresMigration(
        version: 1,
        statements: [
            """
            CREATE TABLE journal (
                first_sequence bigint PRIMARY KEY CHECK (first_sequence > 0),
                last_sequence bigint NOT NULL CHECK (last_sequence >= first_sequence),
                entries bytea NOT NULL
            )
            """,
            "COMMENT ON TABLE journal IS 'One row per group commit: JournalCodec records, consecutive sequences'",
            """
            CREATE TABLE snapshots (
                sequence bigint PRIMARY KEY CHECK (sequence >= 0),
                state bytea NOT NULL,
                taken_at timestamptz NOT NULL DEFAULT now()
            )
            """,
            "COMMENT ON TABLE snapshots IS 'Exchange state after journal entry \"sequence\"; the newest two are kept'",
            """
            CREATE TABLE trades (
                market text NOT NULL,
                sequential_id bigint NOT NULL,
                sequence bigint NOT NULL,
                time_ms bigint NOT NULL,
                price bigint NOT NULL,
                volume bigint NOT NULL,
                funds bigint NOT NULL,
                taker_side text NOT NULL CHECK (taker_side IN ('bid', 'ask')),
                prev_close bigint NOT NULL,
                PRIMARY KEY (market, sequential_id)
            )
            """,
            "CREATE INDEX trades_market_time ON trades (market, time_ms)",
            "COMMENT ON TABLE trades IS 'Trade tape; prices, volumes and funds in 10^-8 units, times in Unix ms'",
            """
            CREATE TABLE candles (
                market text NOT NULL,
                unit text NOT NULL,
                start_ms bigint NOT NULL,
                open bigint NOT NULL,
                high bigint NOT NULL,
                low bigint NOT NULL,
                close bigint NOT NULL,
                last_trade_ms bigint NOT NULL,
                acc_trade_funds text NOT NULL CHECK (acc_trade_funds ~ '^-?[0-9]{1,39}$'),
                acc_trade_volume text NOT NULL CHECK (acc_trade_volume ~ '^-?[0-9]{1,39}$'),
                prev_close bigint NOT NULL,
                PRIMARY KEY (market, unit, start_ms)
            )
            """,
            """
            COMMENT ON TABLE candles IS 'Candles by market and unit code; prices in 10^-8 units, acc_* are \
            exact 128-bit totals of 10^-8 units as decimal text'
            """,
        ]
    )
}
