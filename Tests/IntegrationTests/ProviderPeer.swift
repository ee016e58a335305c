import Foundation

/// tools/push-provider-peer.py (APNs and FCM over HTTP/2 and TLS) with fresh keys: the APNs
/// signing key, a Google-style service account, and the peer's certificate.
final class ProviderPeer: @unchecked Sendable {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("providers-\(UUID().uuidString)")
    let port: Int
    let certificate: URL
    let apnsKey: URL
    let serviceAccount: URL
    private let process: Process
    private let output = Pipe()
    private let received: PipeOutput

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let tls = try OpenSSLCommand.localhostCertificate(in: folder)
        certificate = tls.certificate
        apnsKey = folder.appendingPathComponent("AuthKey.p8")
        let apnsPublic = folder.appendingPathComponent("apns-public.pem"), rsa = folder.appendingPathComponent("fcm.pem")
        let rsaPublic = folder.appendingPathComponent("fcm-public.pem")
        try OpenSSLCommand.run("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", apnsKey.path)
        try OpenSSLCommand.run("pkey", "-in", apnsKey.path, "-pubout", "-out", apnsPublic.path)
        try OpenSSLCommand.run("genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", rsa.path)
        try OpenSSLCommand.run("pkey", "-in", rsa.path, "-pubout", "-out", rsaPublic.path)
        process = PeerLaunch.venvScript("tools/push-provider-peer.py", [tls.certificate.path, tls.key.path, apnsPublic.path, rsaPublic.path])
        let line = try PeerLaunch.firstLine(of: process, output: output, name: "tools/push-provider-peer.py")
        guard let port = Int(line.split(separator: " ").last ?? "") else {
            throw WebSocketPeerError(message: "the provider peer printed no port: \(line)")
        }
        self.port = port
        received = PipeOutput(output)
        serviceAccount = folder.appendingPathComponent("service-account.json")
        let account: [String: String] = [
            "type": "service_account", "project_id": "home-companion-test", "client_email": "relay@home-companion-test.iam.example",
            "private_key": try String(contentsOf: rsa, encoding: .utf8), "token_uri": "https://localhost:\(port)/token",
        ]
        try JSONSerialization.data(withJSONObject: account).write(to: serviceAccount)
    }

    /// The requests received so far, waiting up to 5 s for at least `count`.
    func requests(atLeast count: Int) -> [[String: Any]] {
        for _ in 0..<100 {
            let current = records
            if current.count >= count { return current }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return records
    }

    /// One record per line the peer has printed since it was ready.
    private var records: [[String: Any]] {
        received.completeLines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// Kills the stand-in (SIGKILL: a child of the test runner may inherit SIGTERM blocked).
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }
}
