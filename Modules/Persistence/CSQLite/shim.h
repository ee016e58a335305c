#include <sqlite3.h>

/// Turns off SQLite's memory statistics, which nothing here reads: with them on, every
/// allocation of every connection takes one process-wide mutex, and connections on different
/// threads wait on each other for it. Must run before SQLite initializes (the first open).
static inline int csqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
