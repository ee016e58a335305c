import Glibc

/// Gives back the code pages a process touched while starting: a daemon maps most of its
/// libraries' code once (loading, relocating, registering its plugins) and then runs in a small
/// part of it. `madvise(MADV_DONTNEED)` on the process's executable file mappings unmaps their
/// pages; they are clean copies of the files (code is never written), still in the page cache,
/// and what runs again is mapped again on its first use. Data, heap and the relocated tables
/// (written at load time) are not touched.
public enum StartupCodePages {
    /// Releases the pages of every executable file mapping of this process; the bytes advised.
    @discardableResult
    public static func release() -> Int {
        guard let maps = FilePrefix.read("/proc/self/maps", limit: 4 << 20) else { return 0 }
        var released = 0
        for line in String(decoding: maps, as: UTF8.self).split(separator: "\n") {
            guard let region = MappedRegion(line: line), region.isFileCode,
                  let address = UnsafeMutableRawPointer(bitPattern: region.start) else { continue }
            let length = Int(region.end - region.start)
            if madvise(address, length, MADV_DONTNEED) == 0 { released += length }
        }
        return released
    }
}
