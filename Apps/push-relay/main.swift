import CLIKit
import Foundation
import PushRelayCLI

let console = Console.standard(environment: ProcessInfo.processInfo.environment)
let code = await PushRelayApp.run(Array(CommandLine.arguments.dropFirst()), console: console)
exit(code.rawValue)
