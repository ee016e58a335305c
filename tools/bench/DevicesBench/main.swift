// The device model benchmark's Swift client: from nothing to the first full value of
// HomeModel.deviceUpdates() (connect, authenticate, the entity snapshot, the three registries,
// the devices assembled), then devices() on the warm model, ROUNDS times.
//
//   devices-bench URL ROUNDS          the token on standard input
//   prints: swift <first value ms> <devices() median ms> <devices> <entities> <peak RSS MiB>
import DeviceModel
import Foundation
import Networking

let arguments = CommandLine.arguments
guard arguments.count == 3, let rounds = Int(arguments[2]), rounds > 0, let token = readLine(), !token.isEmpty else {
    FileHandle.standardError.write(Data("usage: devices-bench URL ROUNDS  (the token on standard input)\n".utf8))
    exit(2)
}

func milliseconds(since start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 }

let start = DispatchTime.now().uptimeNanoseconds
let connection = HomeAssistantConnection(address: try ServerAddress(arguments[1]), tokenProvider: StaticTokenProvider(token))
await connection.start()
let store = EntityStore(connection: connection)
await store.start()
await store.waitForSnapshot()
let model = HomeModel(connection: connection, store: store, server: arguments[1], strictValidation: true)
try await model.start()
/// The first value the stream yields.
func firstUpdate(of model: HomeModel) async -> [Device]? {
    for await devices in model.deviceUpdates() { return devices }
    return nil
}

guard let first = await firstUpdate(of: model) else { exit(1) }
let firstValue = milliseconds(since: start)

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
