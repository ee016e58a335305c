import CLIKit
import Essentials
import Foundation
import HomeCLI
import PluginHost
import WindowUIPlugin

// home-window is home with the window's WebKitGTK frontend: `home window …` runs it with its own
// command line; run by itself it opens the window.
CoreDumps.forbid()
let console = Console.standard(environment: Current.environment())
var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty { arguments = ["window"] }
let code = await HomeApp.run(arguments, console: console, extraPlugins: [WindowUIPlugin.factory(appVersion: HomeApp.version)], extraDefaults: [ManifestEntry(id: "window-ui")])
exit(code.rawValue)
