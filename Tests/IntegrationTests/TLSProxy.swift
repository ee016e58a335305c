import Foundation
import LoopbackTestSupport

/// nginx in front of the real server as a TLS reverse proxy (WebSocket upgrades passed on), as
/// people run Home Assistant behind one: a port of its own for each certificate.
final class TLSProxy {
    /// The port each certificate is served on, in the order given.
    let ports: [Int]
    private let process = Process()
    private let folder: URL

    init(to server: IntegrationEnvironment, certificates: [TestCertificate], folder: URL) throws {
        guard let nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].first(where: FileManager.default.isExecutableFile) else {
            throw HTTPExchangeError(message: "nginx is not installed (tools/setup installs nginx-light)")
        }
        self.folder = folder
        ports = try certificates.map { _ in try LoopbackPort.free() }
        let upstream = server.url.replacingOccurrences(of: "localhost", with: "127.0.0.1")
        let servers = zip(certificates, ports).map { certificate, port in
            """
              server {
                listen 127.0.0.1:\(port) ssl;
                ssl_certificate \(certificate.certificate);
                ssl_certificate_key \(certificate.key);
                location / {
                  proxy_pass \(upstream);
                  proxy_http_version 1.1;
                  proxy_set_header Upgrade $http_upgrade;
                  proxy_set_header Connection $connection_upgrade;
                  proxy_set_header Host $host;
                  proxy_read_timeout 300s;
                }
              }
            """
        }.joined(separator: "\n")
        let configuration = folder.appendingPathComponent("nginx.conf")
        try """
            worker_processes 1;
            pid \(folder.path)/nginx.pid;
            error_log \(folder.path)/error.log;
            events { worker_connections 64; }
            http {
              access_log off;
              client_body_temp_path \(folder.path);
              proxy_temp_path \(folder.path);
              map $http_upgrade $connection_upgrade { default upgrade; '' close; }
            \(servers)
            }
            """.write(to: configuration, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: nginx)
        process.arguments = ["-c", configuration.path, "-g", "daemon off;"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if ports.allSatisfy(LoopbackPort.answers) { return }
            usleep(50_000)
        }
        stop()
        throw HTTPExchangeError(message: "nginx did not listen on \(ports): \((try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? "")")
    }

    /// Stops nginx as its service manager would (SIGTERM: the master stops its worker, then
    /// itself), then SIGKILL if it is still there after five seconds.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    deinit {
        stop()
    }
}
