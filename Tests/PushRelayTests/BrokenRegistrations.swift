import Foundation
import PushRelay

/// A registration store whose disk fails, with a message that names what an attacker should not
/// learn (a path on the server).
struct BrokenRegistrations: RegistrationStore {
    struct DiskFailure: Error, CustomStringConvertible {
        var description: String { "disk I/O error reading /var/lib/push-relay/push-relay.sqlite" }
    }

    func add(tokenKey: String, secretKey: String, at date: Date, completion: @escaping @Sendable (Result<Void, any Error>) -> Void) {
        completion(.failure(DiskFailure()))
    }

    func isRegistered(tokenKey: String) throws -> Bool { throw DiskFailure() }
    func tokenKey(forSecret secretKey: String) throws -> String? { throw DiskFailure() }

    func remove(secretKey: String, completion: @escaping @Sendable (Result<String?, any Error>) -> Void) {
        completion(.failure(DiskFailure()))
    }

    func markUsed(tokenKey: String, at date: Date) {}
    func expire(unusedSince cutoff: Date) throws -> [String] { throw DiskFailure() }
}
