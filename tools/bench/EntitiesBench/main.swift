// The entities benchmark's Swift client: HomeAssistantConnection and EntityStore subscribed to
// a replayed stream (tools/bench/entities-server.py) until sensor.bench_sentinel is "done",
// then the store checked against the expected final state.
//
//   entities-bench URL EXPECTED deflate|plain
//   prints: swift-<mode> <cpu seconds> <peak RSS MiB> <ok|MISMATCH> <RSS MiB before connecting>
import Essentials
import Foundation
import Networking
import Transport

let arguments = CommandLine.arguments
guard arguments.count == 4, ["deflate", "plain"].contains(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: entities-bench URL EXPECTED deflate|plain\n".utf8))
    exit(2)
}

/// The peak resident size so far, in MiB.
func peakResidentMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

// What the runtime and Foundation take before any work: the floor of any Swift client's memory.
let startResident = peakResidentMiB()
let options = ConnectionOptions(webSocket: WebSocketOptions(compression: arguments[3] == "deflate"))
let connection = HomeAssistantConnection(address: try ServerAddress(arguments[1]), tokenProvider: StaticTokenProvider("token"), options: options)
await connection.start()
let store = EntityStore(connection: connection)
let sentinel = await store.changes(of: ["sensor.bench_sentinel"])
await store.start()
for await change in sentinel where change.newState?.state == "done" { break }
await connection.stop()

var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6

let expected = try JSONParser.parse([UInt8](Data(contentsOf: URL(fileURLWithPath: arguments[2])))).objectValue ?? [:]
let actual = store.all
var matches = expected.count == actual.count
for (id, value) in expected where matches {
    guard let fields = value.objectValue, let state = actual[id],
          case .string(let text)? = fields["s"], case .object(let attributes)? = fields["a"] else {
        matches = false
        break
    }
    let changed: Double? = if case .double(let number)? = fields["lc"] { number } else { nil }
    let updated: Double? = if case .double(let number)? = fields["lu"] { number } else { nil }
    matches = state.state == text && state.attributes == attributes
        && state.lastChanged.timeIntervalSince1970 == changed && state.lastUpdated.timeIntervalSince1970 == updated
}
let peak = Double(usage.ru_maxrss) / 1024
print("swift-\(arguments[3]) \(String(format: "%.3f", cpu)) \(String(format: "%.1f", peak)) \(matches ? "ok" : "MISMATCH") \(String(format: "%.1f", startResident))")
