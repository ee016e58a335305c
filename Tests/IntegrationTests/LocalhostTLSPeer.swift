import Foundation

/// One conformance peer serving TLS with a self-signed certificate for `localhost`, started on
/// first use and shared by the tests that need a TLS server: the peer and the certificate.
enum LocalhostTLSPeer {
    static let started = Result { () throws -> (WebSocketPeer, URL) in
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let (certificate, key) = try OpenSSLCommand.localhostCertificate(in: folder)
        return (try WebSocketPeer(certificate: certificate, key: key), certificate)
    }
}
