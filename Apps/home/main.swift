import CLIKit
import Essentials
import FoundationEssentials
import Glibc
import HomeCLI

// The token is in this process: no core file keeps it.
CoreDumps.forbid()
let console = Console.standard(environment: Current.environment())
let code = await HomeApp.run(Array(CommandLine.arguments.dropFirst()), console: console)
exit(code.rawValue)
