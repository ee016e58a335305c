import Foundation
import PushRelay

/// A registration store no request in the test reaches (every app id goes to a provider).
struct NoRegistrations: RegistrationStore {
    func add(tokenKey: String, secretKey: String, at date: Date, completion: @escaping @Sendable (Result<Void, any Error>) -> Void) {
        completion(.failure(RelayRequestError(503, "no registrations here")))
    }

    func isRegistered(tokenKey: String) throws -> Bool { false }
    func tokenKey(forSecret secretKey: String) throws -> String? { nil }

    func remove(secretKey: String, completion: @escaping @Sendable (Result<String?, any Error>) -> Void) {
        completion(.success(nil))
    }

    func markUsed(tokenKey: String, at date: Date) {}
    func expire(unusedSince cutoff: Date) throws -> [String] { [] }
}
