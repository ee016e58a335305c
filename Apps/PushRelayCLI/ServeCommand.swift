import CLIKit
import Dispatch
import Foundation
import PushRelay

/// `push-relay serve`: runs the relay until SIGINT or SIGTERM; SIGHUP loads its TLS certificate
/// again. Under a `Type=notify` systemd unit it says when it is ready (listening), reloading and
/// stopping.
struct ServeCommand: Command {
    let name = "serve"
    let summary = "Run the relay. Settings: defaults < --config FILE (JSON) < PUSH_RELAY_* variables < flags."
    let options: [OptionSpec] = [
        .value("config", "FILE", help: "A JSON file of settings: " + RelayConfiguration.environmentVariables
            .map { String($0.0.dropFirst("PUSH_RELAY_".count)).lowercased() }.joined(separator: ", ") + "."),
        .value("host", "ADDRESS", help: "The IPv4 or IPv6 address to listen on (default 127.0.0.1; '::' for both)."),
        .value("port", "N", help: "The port to listen on (default 8080; 0 picks a free one)."),
    ]
    let environment: [String: String]

    var details: String {
        let width = RelayConfiguration.environmentVariables.map(\.0.count).max() ?? 0
        return "ENVIRONMENT:\n" + RelayConfiguration.environmentVariables.map { "  \($0.0.padded(to: width))  \($0.1)" }.joined(separator: "\n")
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("no arguments", minimum: 0, maximum: 0)
        let configuration = try configure(invocation.arguments)
        let server = try RelayServer(configuration: configuration)
        let console = invocation.console
        let host = configuration.http.host.contains(":") ? "[\(configuration.http.host)]" : configuration.http.host
        let listening = "\(server.usesTLS ? "https" : "http")://\(host):\(server.port)"
        console.print("push-relay listening on \(listening) (database \(configuration.database.path))")
        let systemd = SystemdNotifier(environment: environment)
        let report: (String) -> Void = { console.printError($0) }
        systemd?.notify("READY=1\nSTATUS=listening on \(listening)\nMAINPID=\(getpid())", report: report)
        let reload = Self.reloadOnHangUp(server, console: console, systemd: systemd)
        await TerminationSignals().wait()
        reload.cancel()
        systemd?.notify("STOPPING=1", report: report)
        console.printError("push-relay: stopping")
        server.stop()
        return .success
    }

    /// SIGHUP loads the certificate again (after an ACME client renewed it); said on standard error.
    private static func reloadOnHangUp(_ server: RelayServer, console: Console, systemd: SystemdNotifier?) -> any DispatchSourceSignal {
        signal(SIGHUP, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
        source.setEventHandler {
            let report: (String) -> Void = { console.printError($0) }
            systemd?.notify("RELOADING=1\nMONOTONIC_USEC=\(SystemdNotifier.monotonicMicroseconds)", report: report)
            defer { systemd?.notify("READY=1", report: report) }
            guard server.usesTLS else { return console.printError("push-relay: SIGHUP: no TLS certificate to reload") }
            do {
                try server.reloadCertificates()
                console.printError("push-relay: SIGHUP: TLS certificate reloaded")
            } catch {
                console.printError("push-relay: SIGHUP: the TLS certificate was not reloaded (the old one stays): \(error)")
            }
        }
        source.resume()
        return source
    }

    private func configure(_ arguments: ParsedArguments) throws -> RelayConfiguration {
        var configuration = RelayConfiguration(dataFolder: Self.dataFolder(environment))
        do {
            if let file = arguments.values["config"] { try configuration.apply(file: URL(fileURLWithPath: file)) }
            try configuration.apply(environment: environment)
        } catch let error as RelayConfigurationError {
            throw UsageError(error.message)
        }
        if let host = arguments.values["host"] { configuration.http.host = host }
        if let text = arguments.values["port"] {
            guard let port = Int(text), (0...65_535).contains(port) else { throw UsageError("--port needs a number in 0...65535, not '\(text)'") }
            configuration.http.port = port
        }
        return configuration
    }

    /// `$XDG_DATA_HOME/home-companion`, or `~/.local/share/home-companion`.
    static func dataFolder(_ environment: [String: String]) -> URL {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return URL(fileURLWithPath: data).appendingPathComponent("home-companion")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/home-companion")
    }
}
