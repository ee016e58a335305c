// The seed's Home API from a program of your own: restore the session `home login` made, check
// that it still holds, list every structure with its rooms and their devices, then follow one
// room's devices while a light in it is toggled. Run it with the same folders as `home`
// (XDG_CONFIG_HOME, XDG_DATA_HOME); `tools/demo` does after signing in.
import DeviceModel
import Foundation
import HomeAPI

func checkPermissions() async -> Home? {
    guard let home = await Home.restoreSession() else { return nil }
    do {
        _ = try await home.structures().list()
        return home
    } catch {
        print("the stored session no longer holds: \(error)")
        return nil
    }
}

func run() async throws -> Int32 {
    try Home.configure { $0.clientID = ProcessInfo.processInfo.environment["HOME_CLIENT_ID"] ?? $0.clientID }
    guard let home = await checkPermissions() else {
        print("not signed in: run `home login URL` first")
        return 1
    }
    var lightRoom: (Room, String)?
    for structure in try await home.structures().list() {
        print("\(structure.name)  (\(structure.id))")
        for room in try await home.rooms(in: structure).list() {
            let devices = try await home.devices(in: room).list()
            print("  \(room.name): \(devices.count) device\(devices.count == 1 ? "" : "s")")
            for device in devices {
                print("    \(device.name) [\(device.type.rawValue)] \(device.traits.map(\.kind.rawValue).joined(separator: ", "))")
                if lightRoom == nil, let light = device.entities.first(where: { $0.entityID.hasPrefix("light.") }) {
                    lightRoom = (room, light.entityID)
                }
            }
        }
    }
    guard let (room, light) = lightRoom else {
        print("no room with a light to follow")
        return 0
    }
    print("following \(room.name) while \(light) is toggled:")
    var updates = home.devices(in: room).stream().makeAsyncIterator()
    func lightState(_ devices: [Device]) -> String {
        devices.flatMap(\.entities).first { $0.entityID == light }?.state?.state ?? "unknown"
    }
    guard let first = try await updates.next() else { return 1 }
    let before = lightState(first)
    print("  now: \(light) is \(before)")
    // The stream gives the newest value: a light that something turns back at once (an
    // automation, say) may never show the change, so the example does not wait for good.
    let deadline = 30
    DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(deadline)) {
        print("  the stream showed no change of \(light) in \(deadline) s (did something turn it back?)")
        exit(1)
    }
    try await home.callService("light", "toggle", data: ["entity_id": .string(light)])
    while let devices = try await updates.next() {
        let state = lightState(devices)
        if state != before {
            print("  the stream says: \(light) is \(state)")
            return 0
        }
    }
    return 1
}

do {
    exit(try await run())
} catch {
    print("error: \(error)")
    exit(1)
}
