import Essentials
import FoundationEssentials
import PluginHost

/// What `home plugins check` does with an out-of-tree plugin unless given `--load`: looks at the
/// file without opening it as a library (which would run its constructors) and says what it
/// found and how to check the plugin inside.
enum LibraryInspection {
    static func inspect(_ url: URL) throws -> any PluginFactory {
        guard let magic = FilePrefix.read(url.path, limit: 4) else {
            throw LibraryNotLoaded("\(url.path) cannot be read; it is not loaded")
        }
        guard magic == [0x7F, 0x45, 0x4C, 0x46] else {
            throw LibraryNotLoaded("\(url.path) is not a shared library (no ELF header); it is not loaded")
        }
        let mode = ((try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? UInt) ?? nil).map { Int($0) } ?? 0
        let writable = mode & 0o022 != 0 ? "; warning: other users may write it" : ""
        throw LibraryNotLoaded(
            "\(url.path) is a shared library\(writable); it was not loaded, since loading runs its code: "
                + "run 'home plugins check --load FILE' to load it and check the plugin inside"
        )
    }
}
