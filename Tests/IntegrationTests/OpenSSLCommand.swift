import Foundation

/// Runs the openssl command line, for test keys and certificates.
enum OpenSSLCommand {
    static func run(_ arguments: String...) throws {
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        openssl.arguments = ["openssl"] + arguments
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        guard openssl.terminationStatus == 0 else { throw WebSocketPeerError(message: "openssl \(arguments.first ?? "") failed") }
    }

    /// A self-signed certificate and key for `localhost`.
    static func localhostCertificate(in folder: URL) throws -> (certificate: URL, key: URL) {
        let certificate = folder.appendingPathComponent("cert.pem"), key = folder.appendingPathComponent("key.pem")
        try run(
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
            "-addext", "subjectAltName=DNS:localhost", "-keyout", key.path, "-out", certificate.path
        )
        return (certificate, key)
    }
}
