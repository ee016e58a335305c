// The device model benchmark's Swift client: from nothing to the first full value of
// HomeModel.deviceUpdates() (connect, authenticate, the entity snapshot, the three registries,
// the devices assembled), then devices() on the warm model, ROUNDS times. With CHANGES (against
// tools/bench/devices-peer.py), instead the CPU time CHANGES state changes cost, per change, sent
// RATE a second (0: as fast as the peer can), followed one of three ways:
//   store    the entity store alone, no model (the floor the model adds to);
//   model    the model keeping devices() current, read once at the end;
//   stream   the model with a device stream whose reader takes every value it is given.
//
//   devices-bench URL ROUNDS [CHANGES RATE store|model|stream]     the token on standard input
//   prints: swift <first value ms> <devices() median ms> <devices> <entities> <peak RSS MiB>,
//           or with CHANGES: <way> <CPU µs per change> <stream values>
import DeviceModel
import Foundation
import Networking

let arguments = CommandLine.arguments
let ways = ["store", "model", "stream"]
guard arguments.count == 3 || (arguments.count == 6 && Int(arguments[3]) != nil && Int(arguments[4]) != nil && ways.contains(arguments[5])),
      let rounds = Int(arguments[2]), rounds > 0, let token = readLine(), !token.isEmpty else {
    FileHandle.standardError.write(Data("usage: devices-bench URL ROUNDS [CHANGES RATE store|model|stream]  (the token on standard input)\n".utf8))
    exit(2)
}
let changes = arguments.count == 6 ? Int(arguments[3]) ?? 0 : 0
let rate = arguments.count == 6 ? Int(arguments[4]) ?? 0 : 0
let way = arguments.count == 6 ? arguments[5] : ""

func milliseconds(since start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 }

/// The process's CPU time so far (user and system), in microseconds.
func cpuMicroseconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e6 + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
}

/// The first value the stream yields.
func firstUpdate(of model: HomeModel) async -> [Device]? {
    for await devices in model.deviceUpdates() { return devices }
    return nil
}

/// Whether the first device ("Device 0") shows the burst's last change.
func showsTheEnd(_ devices: [Device]) -> Bool {
    devices.first?.entities.contains { $0.entityID == "sensor.d00000_energy" && $0.state?.state == "done" } ?? false
}

/// Sends the burst and waits for the store to apply its last change; the CPU time it took, per change.
func burst(_ connection: HomeAssistantConnection, _ store: EntityStore) async throws -> Double {
    let done = await store.changes(of: ["sensor.d00000_energy"])
    let before = cpuMicroseconds()
    _ = try await connection.send("bench/changes", ["count": .integer(Int64(changes)), "rate": .integer(Int64(rate))])
    for await change in done where change.newState?.state == "done" { break }
    return (cpuMicroseconds() - before) / Double(changes)
}

let start = DispatchTime.now().uptimeNanoseconds
let connection = HomeAssistantConnection(address: try ServerAddress(arguments[1]), tokenProvider: StaticTokenProvider(token))
await connection.start()
let store = EntityStore(connection: connection)
await store.start()
await store.waitForSnapshot()
if way == "store" {
    print(String(format: "store %.2f 0", try await burst(connection, store)))
    exit(0)
}

let model = HomeModel(connection: connection, store: store, server: arguments[1], strictValidation: true)
try await model.start()
guard let first = await firstUpdate(of: model) else { exit(1) }
let firstValue = milliseconds(since: start)

if way == "model" {
    let cost = try await burst(connection, store)
    guard showsTheEnd(await model.devices()) else {
        FileHandle.standardError.write(Data("devices-bench: devices() does not show the burst's last change\n".utf8))
        exit(1)
    }
    print(String(format: "model %.2f 0", cost))
    exit(0)
}
if way == "stream" {
    let updates = model.deviceUpdates()
    let followed = Task { () -> Int in
        var values = 0
        for await devices in updates {
            values += 1
            if showsTheEnd(devices) { break }
        }
        return values
    }
    let cost = try await burst(connection, store)
    print(String(format: "stream %.2f %d", cost, await followed.value))
    exit(0)
}

var times: [Double] = []
var devices: [Device] = []
for _ in 0..<rounds {
    let round = DispatchTime.now().uptimeNanoseconds
    devices = await model.devices()
    times.append(milliseconds(since: round))
}
times.sort()
var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
await model.stop()
await connection.stop()
let entities = devices.reduce(0) { $0 + $1.entities.count }
print(String(format: "swift %.1f %.2f %d %d %.1f", firstValue, times[times.count / 2], first.count, entities, Double(usage.ru_maxrss) / 1024))
