import GRDB
import GRDBSQLite

/// A cached statement run once per row, its values bound with SQLite's C API: the store's bulk writes
/// (order records, fills, trades, candles).
///
/// GRDB's `StatementArguments` boxes every value as an existential and converts it to a `DatabaseValue`
/// before binding it. For the orders database's 22-column rows that was 80 % of the time spent writing them,
/// several times SQLite's own work (perf over `bourse bench journal`, docs/benchmarks.md), so these writes
/// bind directly. GRDB still prepares, caches and finalizes the statement; nothing else uses these SQL texts.
struct BulkStatement {
    private let statement: SQLiteStatement
    private var index: CInt = 0

    /// The cached statement for `sql`, which must bind only positional parameters.
    init(_ db: Database, sql: String) throws {
        statement = try db.cachedStatement(sql: sql).sqliteStatement
    }

    mutating func bind(_ value: Int64) {
        index += 1
        sqlite3_bind_int64(statement, index, value)
    }

    mutating func bind(_ value: Int) { bind(Int64(value)) }

    mutating func bind(_ value: Bool) { bind(Int64(value ? 1 : 0)) }

    mutating func bind(_ value: Int64?) {
        guard let value else { return bindNull() }
        bind(value)
    }

    mutating func bind(_ text: String) {
        index += 1
        // SQLITE_TRANSIENT: SQLite copies the bytes, which live only as long as the closure.
        _ = text.withCString { sqlite3_bind_text(statement, index, $0, -1, Self.transient) }
    }

    mutating func bind(_ text: String?) {
        guard let text else { return bindNull() }
        bind(text)
    }

    mutating func bindNull() {
        index += 1
        sqlite3_bind_null(statement, index)
    }

    /// Runs the statement with the values bound since the last row, then readies it for the next row.
    mutating func execute() throws {
        let code = sqlite3_step(statement)
        sqlite3_reset(statement)
        defer { index = 0 }
        guard code == SQLITE_DONE else {
            let message = String(cString: sqlite3_errmsg(sqlite3_db_handle(statement)))
            let sql = sqlite3_sql(statement).map { String(cString: $0) }
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
        }
    }

    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
}
