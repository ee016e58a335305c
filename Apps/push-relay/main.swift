import CLIKit
import Foundation
import PushRelayCLI

let environment = ProcessInfo.processInfo.environment
let console = Console.standard(environment: environment)
let code = await PushRelayApp.run(Array(CommandLine.arguments.dropFirst()), console: console, environment: environment)
exit(code.rawValue)
