#include <sqlite3.h>

/// Turns off SQLite's memory statistics, which nothing here reads: with them on, every
/// allocation of every connection takes one process-wide mutex, and connections on different
/// threads wait on each other for it. Must run before SQLite initializes (the first open).
static inline int csqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

/// Syncs the main database file of `db` through SQLite's own file handle: a descriptor opened
/// and closed beside it would drop the POSIX locks SQLite holds on the file.
static inline int csqlite_sync_main_file(sqlite3 *db) {
    sqlite3_file *file = 0;
    int status = sqlite3_file_control(db, "main", SQLITE_FCNTL_FILE_POINTER, &file);
    if (status != SQLITE_OK) return status;
    if (file == 0 || file->pMethods == 0) return SQLITE_MISUSE;
    return file->pMethods->xSync(file, SQLITE_SYNC_NORMAL);
}
