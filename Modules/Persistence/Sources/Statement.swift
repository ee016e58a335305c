import CSQLite
import FoundationEssentials

/// A prepared statement of one connection: bind arguments, then step through its rows.
///
/// It lives only inside the connection's closure and is finalized when released.
public final class Statement {
    /// The SQL it was prepared from.
    public let sql: String
    private let handle: OpaquePointer
    private let connection: OpaquePointer

    init(sql: String, connection: OpaquePointer) throws {
        var handle: OpaquePointer?
        let status = sqlite3_prepare_v2(connection, sql, -1, &handle, nil)
        guard status == SQLITE_OK, let handle else {
            sqlite3_finalize(handle)
            throw DatabaseError(code: status, message: String(cString: sqlite3_errmsg(connection)), sql: sql)
        }
        self.sql = sql
        self.handle = handle
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds `arguments` to the `?` placeholders in order, replacing earlier bindings.
    public func bind(_ arguments: [any DatabaseValueConvertible]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard arguments.count == expected else {
            throw DatabaseError(
                code: SQLITE_RANGE, message: "the statement takes \(expected) argument(s), \(arguments.count) given", sql: sql
            )
        }
        for (offset, argument) in arguments.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch argument.databaseValue {
            case .null: status = sqlite3_bind_null(handle, index)
            case .integer(let value): status = sqlite3_bind_int64(handle, index, value)
            case .real(let value): status = sqlite3_bind_double(handle, index, value)
            case .text(let value):
                // Bound by its length in bytes, so a NUL inside is kept rather than ending the
                // text; read in place (SQLite copies it), with no array made for it.
                var text = value
                status = text.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { characters in
                        sqlite3_bind_text64(handle, index, characters.baseAddress, sqlite3_uint64(characters.count), Self.transient, UInt8(SQLITE_UTF8))
                    }
                }
            case .blob(let value):
                status = value.withUnsafeBytes { bytes in
                    sqlite3_bind_blob64(handle, index, bytes.baseAddress, sqlite3_uint64(bytes.count), Self.transient)
                }
            }
            try check(status)
        }
    }

    /// Runs the statement to completion and returns every row it produced.
    public func rows() throws -> [Row] {
        defer { sqlite3_reset(handle) }
        let columns = (0..<sqlite3_column_count(handle)).map { String(cString: sqlite3_column_name(handle, $0)) }
        var rows: [Row] = []
        while true {
            let status = sqlite3_step(handle)
            if status == SQLITE_DONE { return rows }
            guard status == SQLITE_ROW else { try check(status); return rows }
            rows.append(Row(columns: columns, values: (0..<Int32(columns.count)).map(value(at:))))
        }
    }

    /// Runs a statement that returns no rows.
    public func run() throws {
        defer { sqlite3_reset(handle) }
        while true {
            let status = sqlite3_step(handle)
            if status == SQLITE_DONE { return }
            if status != SQLITE_ROW { try check(status) }
        }
    }

    private func value(at column: Int32) -> DatabaseValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT:
            // The text first, then its length in bytes (SQLite's order), which keeps a NUL inside.
            guard let text = sqlite3_column_text(handle, column) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, column))), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, column))
            guard let bytes = sqlite3_column_blob(handle, column), count > 0 else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default: return .null
        }
    }

    private func check(_ status: Int32) throws {
        guard status == SQLITE_OK || status == SQLITE_DONE || status == SQLITE_ROW else {
            throw DatabaseError(code: sqlite3_extended_errcode(connection), message: String(cString: sqlite3_errmsg(connection)), sql: sql)
        }
    }

    /// Tells SQLite to copy bound text and blobs, which Swift may move after the call.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
