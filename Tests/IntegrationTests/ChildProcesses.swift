import Foundation

/// The command lines of this process's children, read from /proc.
enum ChildProcesses {
    static func commandLines(of parent: pid_t = getpid()) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> String? in
            guard Int32(entry) != nil, let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")"), let ppid = stat[stat.index(after: close)...].split(separator: " ").dropFirst().first,
                  Int32(ppid) == parent, let line = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
            return String(decoding: line.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
        }
    }
}
