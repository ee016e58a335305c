import CLIKit
import Essentials
import Foundation
import HomeCLI

let console = Console.standard(environment: Current.environment())
let code = await HomeApp.run(Array(CommandLine.arguments.dropFirst()), console: console)
exit(code.rawValue)
