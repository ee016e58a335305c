import CHiredis
import Foundation

/// One connection to Redis through hiredis, used by one thread at a time.
final class RedisConnection: @unchecked Sendable {
    /// Seconds a command may take before it fails (and its connection is dropped).
    static let commandTimeout = 2

    private let context: UnsafeMutablePointer<redisContext>

    /// Connects within 2 seconds (over TLS for `rediss://`), authenticates when there is a
    /// password, and selects the database. Each command then has ``commandTimeout`` unless
    /// `waitsForMessages` (a subscriber, which waits as long as Redis is quiet; TCP keep-alive
    /// finds a dead peer).
    init(_ address: RedisAddress, waitsForMessages: Bool = false) throws {
        let context: UnsafeMutablePointer<redisContext>?
        if address.usesTLS {
            let tunnel = try RedisTLSTunnel(address, timeout: Self.commandTimeout)
            context = redisConnectFd(tunnel.localEnd)
        } else {
            context = redisConnectWithTimeout(address.host, Int32(address.port), timeval(tv_sec: Self.commandTimeout, tv_usec: 0))
        }
        guard let context else { throw RedisError("cannot allocate a connection") }
        guard context.pointee.err == 0 else {
            let message = Self.errorText(context)
            redisFree(context)
            throw RedisError("cannot connect to \(address): \(message)")
        }
        self.context = context
        redisSetTimeout(context, timeval(tv_sec: Self.commandTimeout, tv_usec: 0))
        // Over TLS the tunnel's TCP connection has the keep-alive.
        if !address.usesTLS { redisEnableKeepAlive(context) }
        do {
            if let authentication = address.authentication { _ = try command(authentication) }
        } catch {
            // Redis's own words (WRONGPASS, or AUTH without a password set); never the password.
            throw RedisError("\(address) refused the password: \(error)")
        }
        if address.database != 0 { _ = try command(["SELECT", String(address.database)]) }
        if waitsForMessages { redisSetTimeout(context, timeval(tv_sec: 0, tv_usec: 0)) }
    }

    deinit { redisFree(context) }

    /// Runs one command; an error reply throws.
    func command(_ arguments: [String]) throws -> RedisValue {
        let reply = try withArguments(arguments) { count, pointers, lengths in
            redisCommandArgv(context, count, pointers, lengths)
        }
        return try Self.consume(reply, context: context)
    }

    /// Sends `commands` at once and reads their replies in order: one round trip. Every reply is
    /// read (the connection stays in step) before the first error reply is thrown.
    func pipeline(_ commands: [[String]]) throws -> [RedisValue] {
        for arguments in commands {
            let appended = try withArguments(arguments) { count, pointers, lengths in
                redisAppendCommandArgv(context, count, pointers, lengths)
            }
            guard appended == REDIS_OK else { throw RedisError(Self.errorText(context)) }
        }
        var values: [RedisValue] = [], firstError: RedisError?
        for _ in commands {
            var reply: UnsafeMutableRawPointer?
            guard redisGetReply(context, &reply) == REDIS_OK else { throw RedisError(Self.errorText(context)) }
            do {
                values.append(try Self.consume(reply, context: context))
            } catch let error as RedisError where error.isReply {
                firstError = firstError ?? error
                values.append(.null)
            }
        }
        if let firstError { throw firstError }
        return values
    }

    /// Waits for the next reply pushed to a subscribed connection.
    func nextReply() throws -> RedisValue {
        var reply: UnsafeMutableRawPointer?
        guard redisGetReply(context, &reply) == 0 else { throw RedisError(Self.errorText(context)) }
        return try Self.consume(reply, context: context)
    }

    /// Unblocks a thread waiting in ``nextReply()``.
    func shutDown() {
        shutdown(context.pointee.fd, Int32(SHUT_RDWR))
    }

    private func withArguments<T>(_ arguments: [String], _ body: (Int32, UnsafeMutablePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int>?) -> T) throws -> T {
        let buffers = arguments.map { Array($0.utf8CString) }
        var pointers: [UnsafePointer<CChar>?] = []
        var lengths: [Int] = []
        var storage: [UnsafeMutablePointer<CChar>] = []
        defer { storage.forEach { $0.deallocate() } }
        for buffer in buffers {
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: buffer.count)
            copy.initialize(from: buffer, count: buffer.count)
            storage.append(copy)
            pointers.append(UnsafePointer(copy))
            lengths.append(buffer.count - 1)
        }
        return pointers.withUnsafeMutableBufferPointer { pointerBuffer in
            lengths.withUnsafeBufferPointer { lengthBuffer in
                body(Int32(arguments.count), pointerBuffer.baseAddress, lengthBuffer.baseAddress)
            }
        }
    }

    private static func consume(_ raw: UnsafeMutableRawPointer?, context: UnsafeMutablePointer<redisContext>) throws -> RedisValue {
        guard let raw else { throw RedisError(errorText(context)) }
        defer { freeReplyObject(raw) }
        return try value(of: raw.assumingMemoryBound(to: redisReply.self))
    }

    private static func value(of reply: UnsafeMutablePointer<redisReply>) throws -> RedisValue {
        let item = reply.pointee
        let text = { item.str.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: item.len), as: UTF8.self) } ?? "" }
        switch item.type {
        case REDIS_REPLY_STRING: return .string(text())
        case REDIS_REPLY_STATUS: return .status(text())
        case REDIS_REPLY_INTEGER: return .integer(item.integer)
        case REDIS_REPLY_NIL: return .null
        case REDIS_REPLY_ERROR: throw RedisError(text(), isReply: true)
        case REDIS_REPLY_ARRAY: return .array(try (0..<item.elements).map { try value(of: hc_redis_element(reply, $0)) })
        default: throw RedisError("an unknown reply type \(item.type)")
        }
    }

    private static func errorText(_ context: UnsafeMutablePointer<redisContext>) -> String {
        withUnsafeBytes(of: context.pointee.errstr) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
