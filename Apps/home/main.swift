import CLIKit
import Foundation
import HomeCLI
import PluginHost

let console = Console.standard(environment: Current.environment())
let code = await HomeApp.run(Array(CommandLine.arguments.dropFirst()), console: console)
exit(code.rawValue)
