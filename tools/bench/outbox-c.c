/*
 * The ceiling for the outbox benchmark: the same durable inserts and deletes as
 * tools/bench/OutboxBench, through the raw sqlite3 API with prepared statements.
 *
 *   outbox-c FILE COUNT    prints: c <operations> <wall seconds> <cpu seconds>
 */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static void check(sqlite3 *db, int status, const char *what) {
    if (status != SQLITE_OK && status != SQLITE_DONE && status != SQLITE_ROW) {
        fprintf(stderr, "outbox-c: %s: %s\n", what, sqlite3_errmsg(db));
        exit(1);
    }
}

static void exec(sqlite3 *db, const char *sql) {
    check(db, sqlite3_exec(db, sql, NULL, NULL, NULL), sql);
}

static double seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec + now.tv_nsec / 1e9;
}

static double cpu_seconds(void) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: outbox-c FILE COUNT\n");
        return 2;
    }
    int count = atoi(argv[2]);
    sqlite3 *db;
    check(db, sqlite3_open(argv[1], &db), "open");
    sqlite3_busy_timeout(db, 5000);
    exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;");
    exec(db, "CREATE TABLE outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, queue TEXT NOT NULL, coalesce_key TEXT,"
             " revision INTEGER NOT NULL DEFAULT 1, payload BLOB NOT NULL, attempts INTEGER NOT NULL DEFAULT 0,"
             " enqueued_at TEXT NOT NULL, next_attempt_at REAL NOT NULL, last_error TEXT, dead INTEGER NOT NULL DEFAULT 0);"
             "CREATE INDEX outbox_queue ON outbox (queue, dead, id);"
             "CREATE UNIQUE INDEX outbox_coalescing ON outbox (queue, coalesce_key) WHERE coalesce_key IS NOT NULL AND dead = 0;");
    sqlite3_stmt *insert, *select, *delete;
    check(db, sqlite3_prepare_v2(db, "INSERT INTO outbox (queue, coalesce_key, payload, enqueued_at, next_attempt_at)"
                                     " VALUES (?, NULL, ?, ?, ?)", -1, &insert, NULL), "prepare insert");
    check(db, sqlite3_prepare_v2(db, "SELECT id, revision, payload FROM outbox WHERE queue = ? AND dead = 0 ORDER BY id LIMIT 100",
                                 -1, &select, NULL), "prepare select");
    check(db, sqlite3_prepare_v2(db, "DELETE FROM outbox WHERE id = ? AND revision = ?", -1, &delete, NULL), "prepare delete");
    const char payload[] = "{\"type\":\"update_sensor_states\",\"data\":[{\"unique_id\":\"cpu\",\"state\":42}]}";

    double wall = seconds(), cpu = cpu_seconds();
    for (int i = 0; i < count; i++) {
        exec(db, "BEGIN IMMEDIATE");
        sqlite3_bind_text(insert, 1, "bench", -1, SQLITE_STATIC);
        sqlite3_bind_blob(insert, 2, payload, sizeof payload - 1, SQLITE_STATIC);
        sqlite3_bind_text(insert, 3, "2026-11-29T15:00:00.000Z", -1, SQLITE_STATIC);
        sqlite3_bind_double(insert, 4, 1795964400.0);
        check(db, sqlite3_step(insert), "insert");
        sqlite3_reset(insert);
        exec(db, "COMMIT");
    }
    int removed = 0;
    while (removed < count) {
        sqlite3_int64 ids[100], revisions[100];
        int taken = 0;
        exec(db, "BEGIN");
        sqlite3_bind_text(select, 1, "bench", -1, SQLITE_STATIC);
        while (sqlite3_step(select) == SQLITE_ROW) {
            ids[taken] = sqlite3_column_int64(select, 0);
            revisions[taken] = sqlite3_column_int64(select, 1);
            taken++;
        }
        sqlite3_reset(select);
        exec(db, "COMMIT");
        if (taken == 0) break;
        for (int i = 0; i < taken; i++) {
            exec(db, "BEGIN IMMEDIATE");
            sqlite3_bind_int64(delete, 1, ids[i]);
            sqlite3_bind_int64(delete, 2, revisions[i]);
            check(db, sqlite3_step(delete), "delete");
            sqlite3_reset(delete);
            exec(db, "COMMIT");
            removed++;
        }
    }
    printf("c %d %.4f %.4f\n", count, seconds() - wall, cpu_seconds() - cpu);
    sqlite3_finalize(insert);
    sqlite3_finalize(select);
    sqlite3_finalize(delete);
    sqlite3_close(db);
    return removed == count ? 0 : 1;
}
