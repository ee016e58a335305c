import Glibc

/// A program started with posix_spawn, without Foundation's `Process`: as the leader of a
/// process group of its own (so `killGroup` stops what it started too), standard input empty,
/// each output either a pipe the caller reads or /dev/null, no other descriptor of ours
/// inherited, signals at their defaults. The caller reaps it with ``waitForExit()``.
public final class ChildProcess: @unchecked Sendable {
    /// Where the child's standard output or error goes.
    public enum Output: Sendable {
        /// Written to /dev/null.
        case discarded
        /// A pipe whose read end the caller reads (``ChildProcess/standardOutput``, ``ChildProcess/standardError``).
        case piped
    }

    /// The child's process id, which is also its process group's.
    public let processIdentifier: pid_t
    /// The read ends of the piped outputs, closed when the child process object goes.
    public let standardOutput: Int32?
    public let standardError: Int32?

    /// Starts `executable` (a path) with `arguments` (not counting the program's name) and
    /// `environment` (nil: ours).
    public init(executable: String, arguments: [String], environment: [String: String]? = nil, output: Output, error: Output) throws(ChildProcessError) {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        var opened: [Int32] = []
        defer { for descriptor in opened { close(descriptor) } }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        var readEnds: [Int32?] = []
        for (target, choice) in [(STDOUT_FILENO, output), (STDERR_FILENO, error)] {
            switch choice {
            case .discarded:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
                readEnds.append(nil)
            case .piped:
                var ends: [Int32] = [0, 0]
                guard pipe(&ends) == 0 else {
                    for case let end? in readEnds { close(end) }
                    throw ChildProcessError("\(executable) cannot be started: no pipe (\(String(cString: strerror(errno))))")
                }
                // Not inherited by a child another thread starts meanwhile (that one closes every
                // descriptor past the three it is given anyway).
                _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
                _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
                opened.append(ends[1])
                posix_spawn_file_actions_adddup2(&actions, ends[1], target)
                readEnds.append(ends[0])
            }
        }
        guard let closeFrom = Self.closeFrom else {
            for case let end? in readEnds { close(end) }
            throw ChildProcessError("\(executable) cannot be started: this C library cannot close a child's descriptors (glibc 2.34 or later needed)")
        }
        _ = closeFrom(&actions, 3)
        var defaults = sigset_t()
        sigfillset(&defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = ([executable] + arguments).map { strdup($0) }
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } }
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp ?? [] { free(pointer) }
        }
        var pid = pid_t()
        let status = if let envp {
            posix_spawn(&pid, executable, &actions, &attributes, argv + [nil], envp + [nil])
        } else {
            posix_spawn(&pid, executable, &actions, &attributes, argv + [nil], environ)
        }
        guard status == 0 else {
            for case let end? in readEnds { close(end) }
            throw ChildProcessError("\(executable) cannot be started: \(String(cString: strerror(status)))")
        }
        processIdentifier = pid
        standardOutput = readEnds[0]
        standardError = readEnds[1]
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34; Debian 12 has 2.36): declared
    /// only under _GNU_SOURCE, which the Glibc module is not built with, so found by name.
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    deinit {
        if let standardOutput { close(standardOutput) }
        if let standardError { close(standardError) }
    }

    /// The next bytes from one of the child's pipes (blocking); empty at its end or on an error.
    public func read(_ descriptor: Int32, maximum: Int = 65_536) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: maximum) { buffer, count in
            var got = -1
            repeat { got = Glibc.read(descriptor, buffer.baseAddress, maximum) } while got < 0 && errno == EINTR
            count = max(got, 0)
        }
    }

    /// Sends `signal` to the child's process group: the child and what it started.
    public func killGroup(_ signal: Int32 = SIGKILL) {
        kill(-processIdentifier, signal)
    }

    /// Waits for the child to end: its exit status, or 128 plus the signal that ended it.
    public func waitForExit() -> Int32 {
        var status: Int32 = 0
        while waitpid(processIdentifier, &status, 0) == -1 {
            guard errno == EINTR else { return -1 }
        }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
