import Essentials
import Foundation

/// The token store: `credentials.json` in the configuration folder, one entry per server.
///
/// The file is only ever replaced whole (written to a temporary file created 0600, flushed,
/// renamed over), so a crash leaves the old or the new file, never half of one. Changes hold
/// an exclusive lock on `credentials.lock`, so two processes refreshing at once lose nothing.
/// A file readable by others is tightened to 0600 when read.
public struct CredentialStore: Sendable {
    public static let fileName = "credentials.json"
    /// A token file larger than this is not a token file.
    public static let maximumFileSize = 1 << 20

    public let url: URL
    private let lockURL: URL

    /// A store in `folder` (created 0700 on the first write).
    public init(folder: URL) {
        url = folder.appendingPathComponent(Self.fileName)
        lockURL = folder.appendingPathComponent("credentials.lock")
    }

    /// Everything stored; an empty file when there is none yet.
    public func load() throws -> CredentialFile {
        try withLock(exclusive: false) { try read() }
    }

    /// The session for `server`, if any.
    public func session(for server: String) throws -> StoredSession? {
        try load().sessions[server]
    }

    /// Reads, changes and writes the file under the lock; `body`'s changes are all or nothing.
    @discardableResult
    public func update<T>(_ body: (inout CredentialFile) throws -> T) throws -> T {
        try withLock(exclusive: true) {
            var file = try read()
            let result = try body(&file)
            try write(file)
            return result
        }
    }

    /// Saves `session`, replacing the server's previous one; `makeDefault` makes it the default server.
    public func save(_ session: StoredSession, makeDefault: Bool) throws {
        try update { file in
            file.sessions[session.server] = session
            if makeDefault || file.defaultServer == nil { file.defaultServer = session.server }
        }
    }

    /// Forgets `server`'s session; the default moves to another server, if any is left.
    @discardableResult
    public func remove(_ server: String) throws -> Bool {
        try update { file in
            let removed = file.sessions.removeValue(forKey: server) != nil
            if file.defaultServer == server { file.defaultServer = file.sessions.keys.sorted().first }
            return removed
        }
    }

    private func read() throws -> CredentialFile {
        let manager = FileManager.default
        guard manager.fileExists(atPath: url.path) else { return CredentialFile() }
        let attributes = try? manager.attributesOfItem(atPath: url.path)
        if let size = attributes?[.size] as? Int, size > Self.maximumFileSize {
            throw CredentialStoreError(path: url.path, reason: "is larger than \(Self.maximumFileSize) bytes; it is not a token store")
        }
        if let mode = attributes?[.posixPermissions] as? Int, mode & 0o077 != 0 {
            try? manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CredentialStoreError(path: url.path, reason: "cannot be read: \(error.localizedDescription)")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .haTimestamp
        guard let file = try? decoder.decode(CredentialFile.self, from: data) else {
            throw CredentialStoreError(path: url.path, reason: "is not a valid token store; move it away and sign in again")
        }
        guard file.version <= CredentialFile.currentVersion else {
            throw CredentialStoreError(path: url.path, reason: "was written by a newer version (\(file.version)); upgrade home")
        }
        return file
    }

    private func write(_ file: CredentialFile) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .haTimestamp
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(file)
        do {
            try SecretFile.write([UInt8](data), to: url)
        } catch {
            throw failure("cannot be written")
        }
    }

    private func withLock<T>(exclusive: Bool, _ body: () throws -> T) throws -> T {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let descriptor = open(lockURL.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot be locked") }
        defer { close(descriptor) }
        while flock(descriptor, exclusive ? LOCK_EX : LOCK_SH) != 0 {
            guard errno == EINTR else { throw failure("cannot be locked") }
        }
        return try body()
    }

    private func failure(_ what: String) -> CredentialStoreError {
        CredentialStoreError(path: url.path, reason: "\(what): \(String(cString: strerror(errno)))")
    }
}
