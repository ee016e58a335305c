import Foundation

/// A real mosquitto broker on loopback for a test: a port of its own, and a user and password
/// (the password file made with mosquitto_passwd -U, so the password is on no command line).
/// Stopped with SIGKILL, as a crash would stop it (a test's children may have SIGTERM blocked).
final class MosquittoBroker: @unchecked Sendable {
    let port: Int
    /// A second listener, over TLS with a self-signed certificate for localhost, when asked for.
    let tlsPort: Int?
    /// That certificate, the CA a client trusts for it.
    let certificate: URL?
    let username = "companion"
    let password = "broker-\(UUID().uuidString.prefix(8))"
    let folder: URL
    private var process: Process?

    init(tls: Bool = false) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mosquitto-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        port = try LoopbackPort.free()
        var tlsListener = ""
        if tls {
            let (certificate, key) = try OpenSSLCommand.localhostCertificate(in: folder)
            // mosquitto started as root reads its files as its own user: a test key, readable.
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: key.path)
            let tlsPort = try LoopbackPort.free()
            self.tlsPort = tlsPort
            self.certificate = certificate
            tlsListener = "listener \(tlsPort) 127.0.0.1\ncertfile \(certificate.path)\nkeyfile \(key.path)\n"
        } else {
            tlsPort = nil
            certificate = nil
        }
        let passwords = folder.appendingPathComponent("passwords")
        try Data("\(username):\(password)\n".utf8).write(to: passwords)
        try Self.run("/usr/bin/mosquitto_passwd", ["-U", passwords.path])
        try """
        listener \(port) 127.0.0.1
        allow_anonymous false
        password_file \(passwords.path)
        log_dest file \(folder.path)/mosquitto.log
        \(tlsListener)
        """.write(to: folder.appendingPathComponent("mosquitto.conf"), atomically: true, encoding: .utf8)
        try start()
    }

    var url: String { "mqtt://127.0.0.1:\(port)" }

    /// Starts the broker and waits until it listens.
    func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/mosquitto")
        process.arguments = ["-c", folder.appendingPathComponent("mosquitto.conf").path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if LoopbackPort.answers(port), tlsPort.map(LoopbackPort.answers) ?? true { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "mosquitto did not listen on \(port)"])
    }

    /// Stops the broker at once.
    func stop() {
        guard let process, process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    func tearDown() {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }

    private static func run(_ program: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(program) failed"]) }
    }
}
