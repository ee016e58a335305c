// The outbox benchmark's Swift side: COUNT durable enqueues, then every message taken in
// batches of 100 and acknowledged one by one, each in its own transaction, as tools/bench/outbox-c.c does.
//
//   outbox-bench FILE COUNT    prints: swift <operations> <wall seconds> <cpu seconds>
import Foundation
import Persistence

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]), count > 0 else {
    FileHandle.standardError.write(Data("usage: outbox-bench FILE COUNT\n".utf8))
    exit(2)
}

func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    return user + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
}

do {
    let pool = try DatabasePool(url: URL(fileURLWithPath: arguments[1]))
    var migrator = DatabaseMigrator()
    Outbox.registerMigrations(in: &migrator)
    try migrator.migrate(pool)
    let outbox = Outbox(pool: pool, queue: "bench")
    let payload = Data(#"{"type":"update_sensor_states","data":[{"unique_id":"cpu","state":42}]}"#.utf8)

    let wallStart = Date()
    let cpuStart = cpuSeconds()
    for _ in 0..<count { try outbox.enqueue(payload) }
    var removed = 0
    while removed < count {
        let batch = try outbox.nextBatch(limit: 100)
        if batch.isEmpty { break }
        for message in batch { removed += try outbox.acknowledge([message]) }
    }
    let wall = Date().timeIntervalSince(wallStart)
    print("swift \(count) \(String(format: "%.4f", wall)) \(String(format: "%.4f", cpuSeconds() - cpuStart))")
    exit(removed == count ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("outbox-bench: \(error)\n".utf8))
    exit(1)
}
