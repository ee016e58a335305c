import CLIKit
import PluginHost

/// Prints a rejected manifest's diagnostics: as text on standard error, or as JSON on standard output.
struct DiagnosticPrinter {
    let console: Console

    func print(_ diagnostics: [Diagnostic], manifest: String, json: Bool) throws {
        if json {
            try console.printJSON(ManifestCheckJSON(manifest: manifest, valid: false, diagnostics: diagnostics, startOrder: []))
        } else {
            printText(diagnostics, manifest: manifest)
        }
    }

    /// Prints each diagnostic, then the count, on standard error.
    func printText(_ diagnostics: [Diagnostic], manifest: String) {
        for diagnostic in diagnostics {
            console.printError("\(console.styled("error", .red)): \(diagnostic)")
        }
        console.printError("\(manifest): \(diagnostics.count) problem(s)")
    }
}
