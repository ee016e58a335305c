import FoundationEssentials
import Glibc

/// A value kept in one JSON file: the one way this project keeps state files. The file is 0600 in
/// a 0700 folder, written whole or not at all (``SecretFile``), read and changed under an
/// advisory lock beside it (`.NAME.lock`; shared to read, exclusive to change), refused past a
/// size limit, and tightened to 0600 when found readable by others. Its failures are
/// ``JSONFileStoreError``s naming the file.
public struct JSONFileStore<Value: Codable>: Sendable {
    /// How dates are written in the file.
    public enum DateFormat: Sendable {
        /// Home Assistant's ISO 8601 timestamps.
        case haTimestamp
        /// Seconds since 1970 as a number.
        case secondsSince1970
    }

    /// The file.
    public let file: URL
    private let dates: DateFormat
    private let maximumSize: Int

    /// The store of `file`, dates written as `dates`, refusing a file over `maximumSize` bytes.
    public init(file: URL, dates: DateFormat = .haTimestamp, maximumSize: Int = 1 << 20) {
        self.file = file
        self.dates = dates
        self.maximumSize = maximumSize
    }

    /// The value in the file, or nil when there is no file.
    public func load() throws -> Value? {
        try withLock(exclusive: false) { try read() }
    }

    /// Writes `value` over what the file held.
    public func save(_ value: Value) throws {
        try withLock(exclusive: true) { try write(value) }
    }

    /// Reads the value (nil when there is no file), lets `body` change it and writes it back, all
    /// under the exclusive lock, so two processes changing the file never lose a change; a `body`
    /// that throws leaves the file as it was; a value left nil removes the file.
    @discardableResult
    public func update<T>(_ body: (inout Value?) throws -> T) throws -> T {
        try withLock(exclusive: true) {
            var value = try read()
            let result = try body(&value)
            if let value { try write(value) } else { try removeFile() }
            return result
        }
    }

    /// Removes the file; nothing happens when there is none.
    public func remove() throws {
        try withLock(exclusive: true) { try removeFile() }
    }

    private func read() throws -> Value? {
        let descriptor = open(file.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw JSONFileStoreError(file: file, reason: "cannot be read: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw JSONFileStoreError(file: file, reason: "cannot be read: \(String(cString: strerror(errno)))") }
        guard Int(status.st_size) <= maximumSize else {
            throw JSONFileStoreError(file: file, reason: "is larger than \(maximumSize) bytes; it is not a file this program wrote")
        }
        if status.st_mode & 0o077 != 0 { fchmod(descriptor, 0o600) }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let read = bytes.withUnsafeMutableBytes { buffer in Glibc.read(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count) }
            if read < 0 && errno == EINTR { continue }
            guard read >= 0 else { throw JSONFileStoreError(file: file, reason: "cannot be read: \(String(cString: strerror(errno)))") }
            if read == 0 { break }
            count += read
        }
        guard count <= maximumSize else {
            throw JSONFileStoreError(file: file, reason: "is larger than \(maximumSize) bytes; it is not a file this program wrote")
        }
        let decoder = JSONDecoder()
        switch dates {
        case .haTimestamp: decoder.dateDecodingStrategy = .haTimestamp
        case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
        }
        do {
            return try decoder.decode(Value.self, from: Data(bytes[..<count]))
        } catch {
            throw JSONFileStoreError(file: file, reason: "holds no valid \(Value.self): \(error)", isMalformed: true)
        }
    }

    private func write(_ value: Value) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        switch dates {
        case .haTimestamp: encoder.dateEncodingStrategy = .haTimestamp
        case .secondsSince1970: encoder.dateEncodingStrategy = .secondsSince1970
        }
        do {
            try SecretFile.write([UInt8](try encoder.encode(value)), to: file)
        } catch {
            throw JSONFileStoreError(file: file, reason: "cannot be written: \(error)")
        }
    }

    private func removeFile() throws {
        guard unlink(file.path) == 0 || errno == ENOENT else {
            throw JSONFileStoreError(file: file, reason: "cannot be removed: \(String(cString: strerror(errno)))")
        }
    }

    /// Runs `body` holding the lock beside the file (its folder made 0700 first).
    private func withLock<T>(exclusive: Bool, _ body: () throws -> T) throws -> T {
        let folder = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw JSONFileStoreError(file: file, reason: "cannot be stored: its folder cannot be made: \(error)")
        }
        let lockPath = folder.appendingPathComponent(".\(file.lastPathComponent).lock").path
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw JSONFileStoreError(file: file, reason: "cannot be locked: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        while flock(descriptor, exclusive ? LOCK_EX : LOCK_SH) != 0 {
            guard errno == EINTR else { throw JSONFileStoreError(file: file, reason: "cannot be locked: \(String(cString: strerror(errno)))") }
        }
        return try body()
    }
}
