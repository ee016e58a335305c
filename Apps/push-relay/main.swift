import CLIKit
import Foundation
import PushRelayCLI

// The relay's keys are in this process: no core file keeps them.
CoreDumps.forbid()
let environment = ProcessInfo.processInfo.environment
let console = Console.standard(environment: environment)
let code = await PushRelayApp.run(Array(CommandLine.arguments.dropFirst()), console: console, environment: environment)
exit(code.rawValue)
