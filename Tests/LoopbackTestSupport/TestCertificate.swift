import Foundation

/// A self-signed certificate (its own CA) and its key for loopback TLS, made with the openssl
/// command: for 127.0.0.1 and localhost unless told otherwise.
public struct TestCertificate {
    /// The certificate (PEM), also the CA file a client trusts.
    public let certificate: String
    /// The private key (PEM), mode 0600.
    public let key: String

    /// Writes `NAME.pem` and `NAME-key.pem` in `folder`.
    public init(in folder: URL, name: String, subjectAltName: String = "IP:127.0.0.1,DNS:localhost") throws {
        certificate = folder.appendingPathComponent("\(name).pem").path
        key = folder.appendingPathComponent("\(name)-key.pem").path
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2", "-subj", "/CN=test \(name)",
            "-addext", "subjectAltName=\(subjectAltName)", "-keyout", key, "-out", certificate,
        ]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        guard openssl.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "openssl req failed"]) }
        chmod(key, 0o600)
    }
}
