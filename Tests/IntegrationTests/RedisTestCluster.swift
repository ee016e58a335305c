import Foundation
import LoopbackTestSupport

/// A real Redis Cluster for one test: six `redis-server --cluster-enabled yes` on free loopback
/// ports (three primaries, three replicas, made with `redis-cli --cluster create`), a node
/// timeout of one second so a failover takes a couple of seconds, nothing saved; with a password
/// (`requirepass`, and `masterauth` for the replicas) and TLS only (clients, the cluster bus and
/// replication) when asked. Nodes are stopped with SIGKILL.
final class RedisTestCluster {
    private(set) var ports: [Int] = []
    private var processes: [Int: Process] = [:]
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("redis-cluster-\(UUID().uuidString)")
    private let password: String?
    private let tls: TestCertificate?
    /// What redis-cli needs to reach the nodes (the password, TLS).
    private var clientOptions: [String] {
        (password.map { ["-a", $0, "--no-auth-warning"] } ?? []) + (tls.map { ["--tls", "--cacert", $0.certificate] } ?? [])
    }

    init(password: String? = nil, tls: TestCertificate? = nil) throws {
        self.password = password
        self.tls = tls
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        while ports.count < 6 {
            // The cluster bus listens on the port + 10,000.
            let port = try LoopbackPort.free()
            guard port < 55_000, !ports.contains(port), !LoopbackPort.answers(port + 10_000) else { continue }
            try start(port)
            ports.append(port)
        }
        _ = try Self.run("/usr/bin/redis-cli", clientOptions + ["--cluster", "create"] + ports.map { "127.0.0.1:\($0)" } + ["--cluster-replicas", "1", "--cluster-yes"])
        try waitUntilHealthy(ports)
    }

    /// `redis+cluster://` (`rediss+cluster://` over TLS) with the first node only, or every node.
    func url(seeds: Int = 1) -> String {
        (tls == nil ? "redis+cluster://" : "rediss+cluster://") + ports.prefix(seeds).map { "127.0.0.1:\($0)" }.joined(separator: ",")
    }

    /// Runs a command on the node at `port` with redis-cli; its output.
    @discardableResult
    func call(_ port: Int, _ arguments: [String]) throws -> String {
        try Self.run("/usr/bin/redis-cli", clientOptions + ["-p", String(port)] + arguments)
    }

    /// The port of the primary serving `slot`, asked of the node at `port`.
    func primary(of slot: Int, askingNode port: Int? = nil) throws -> Int? {
        try primaries(askingNode: port).first { $0.slots.contains(slot) }?.port
    }

    /// Every primary with the slots it serves, as the node at `port` (or any live one) sees them.
    func primaries(askingNode port: Int? = nil) throws -> [(port: Int, slots: IndexSet)] {
        let asked = port ?? livePorts().first ?? 0
        return try call(asked, ["CLUSTER", "NODES"]).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count >= 8, fields[2].contains("master"), !fields[2].contains("fail"),
                  let port = fields[1].split(separator: "@").first?.split(separator: ":").last.flatMap({ Int($0) }) else { return nil }
            var slots = IndexSet()
            for range in fields.dropFirst(8) where !range.hasPrefix("[") {
                let ends = range.split(separator: "-").compactMap { Int($0) }
                if let first = ends.first { slots.insert(integersIn: first...(ends.last ?? first)) }
            }
            return (port, slots)
        }
    }

    /// The slot of `key`.
    func slot(of key: String) throws -> Int {
        try Int(call(livePorts().first ?? ports[0], ["CLUSTER", "KEYSLOT", key]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// Kills the node at `port` (SIGKILL, as a crash).
    func kill(_ port: Int) {
        guard let process = processes.removeValue(forKey: port) else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Waits until the live nodes agree that every slot is served again, and their replicas are in sync.
    func waitUntilHealthy(_ ports: [Int]? = nil, seconds: Double = 20) throws {
        let nodes = ports ?? livePorts()
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            // Every node serves, and every replica has its primary's data (it could not take over otherwise).
            let healthy = nodes.allSatisfy { node in
                guard (try? call(node, ["CLUSTER", "INFO"]))?.contains("cluster_state:ok") == true, let replication = try? call(node, ["INFO", "replication"]) else { return false }
                return replication.contains("role:master") || replication.contains("master_link_status:up")
            }
            if healthy, try primaries(askingNode: nodes[0]).reduce(0, { $0 + $1.slots.count }) == 16_384 { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw HTTPExchangeError(message: "the Redis cluster did not become healthy within \(seconds) s")
    }

    func stop() {
        for port in Array(processes.keys) { kill(port) }
        try? FileManager.default.removeItem(at: folder)
    }

    private func livePorts() -> [Int] { ports.filter { processes[$0] != nil } }

    private func start(_ port: Int) throws {
        let directory = folder.appendingPathComponent(String(port))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/redis-server")
        process.arguments = [
            "--bind", "127.0.0.1", "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
            "--cluster-node-timeout", "1000", "--cluster-replica-validity-factor", "0", "--save", "", "--appendonly", "no",
            "--dir", directory.path,
        ] + (password.map { ["--requirepass", $0, "--masterauth", $0] } ?? [])
            + (tls.map {
                ["--port", "0", "--tls-port", String(port), "--tls-cert-file", $0.certificate, "--tls-key-file", $0.key,
                 "--tls-ca-cert-file", $0.certificate, "--tls-auth-clients", "no", "--tls-cluster", "yes", "--tls-replication", "yes"]
            } ?? ["--port", String(port)])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        processes[port] = process
        for _ in 0..<100 {
            if LoopbackPort.answers(port) { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw HTTPExchangeError(message: "redis-server did not listen on \(port)")
    }

    private static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else { throw HTTPExchangeError(message: "\(executable) \(arguments.joined(separator: " ")): \(text)") }
        return text
    }
}
