// A child process for the crash tests: writes in a loop until it is killed with SIGKILL,
// writing each commit to standard output (unbuffered) after it returns, so the test knows what must survive.
//
//   persistence-crash-writer journal FILE   transactions of 10 rows each: "committed N"
//   persistence-crash-writer outbox FILE    one outbox message per commit: "enqueued N"
import Foundation
import Persistence

let arguments = CommandLine.arguments
guard arguments.count == 3, ["journal", "outbox"].contains(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: persistence-crash-writer journal|outbox FILE\n".utf8))
    exit(2)
}
do {
    let pool = try DatabasePool(url: URL(fileURLWithPath: arguments[2]))
    var migrator = DatabaseMigrator()
    migrator.register("journal.v1") { try $0.executeScript("CREATE TABLE journal (txn INTEGER NOT NULL, seq INTEGER NOT NULL, filler BLOB)") }
    Outbox.registerMigrations(in: &migrator)
    try migrator.migrate(pool)
    let outbox = Outbox(pool: pool, queue: "crash")
    let filler = Data(repeating: 0xAB, count: 512)
    var number = 0
    while true {
        number += 1
        if arguments[1] == "journal" {
            try pool.write { database in
                for seq in 1...10 { try database.execute("INSERT INTO journal (txn, seq, filler) VALUES (?, ?, ?)", number, seq, filler) }
            }
            FileHandle.standardOutput.write(Data("committed \(number)\n".utf8))
        } else {
            try outbox.enqueue(Data("message \(number)".utf8), key: number % 7 == 0 ? "coalesced" : nil)
            FileHandle.standardOutput.write(Data("enqueued \(number)\n".utf8))
        }
    }
} catch {
    FileHandle.standardError.write(Data("persistence-crash-writer: \(error)\n".utf8))
    exit(1)
}
