import CLIKit
import Dispatch
import Essentials
import Glibc
import HomeCLI

// The token is in this process: no core file keeps it.
CoreDumps.forbid()
let console = Console.standard(environment: Current.environment())
let arguments = Array(CommandLine.arguments.dropFirst())
// The command runs on the cooperative threads and ends the process itself; the main thread only
// waits. Nothing of home's runs on the main queue, so an out-of-tree plugin that brings
// Foundation along (loaded on another thread, Foundation hands the main queue to a run loop
// that no thread runs) cannot keep a command from ending.
Task.detached { [console, arguments] in
    exit(await HomeApp.run(arguments, console: console).rawValue)
}
DispatchSemaphore(value: 0).wait()
