import Foundation

/// The devices registered with the relay, by the digests of their push token and stream
/// secret (never the credentials themselves): SQLite for one process, Redis for several.
public protocol RegistrationStore: Sendable {
    /// Records a registration made at `date` (its first use); `completion` runs once it is
    /// durable, or with why it is not (a 503 when the relay holds as many as it allows).
    func add(tokenKey: String, secretKey: String, at date: Date, completion: @escaping @Sendable (Result<Void, any Error>) -> Void)
    /// Whether a device registered the push token whose digest is `tokenKey`.
    func isRegistered(tokenKey: String) throws -> Bool
    /// The token key of the device whose stream secret has the digest `secretKey`.
    func tokenKey(forSecret secretKey: String) throws -> String?
    /// Removes the registration whose stream secret has the digest `secretKey`; `completion`
    /// runs once that is durable, with its token key (nil when there was none).
    func remove(secretKey: String, completion: @escaping @Sendable (Result<String?, any Error>) -> Void)
    /// Notes that the device of `tokenKey` was used (something sent to it, or its stream opened)
    /// at `date`; kept to the hour, so a busy token costs no write per use.
    func markUsed(tokenKey: String, at date: Date)
    /// Removes the registrations not used since `cutoff`; their token keys.
    func expire(unusedSince cutoff: Date) throws -> [String]
    /// Whether a device registered `tokenKey`; when one did, its use at `date` is noted
    /// (``markUsed(tokenKey:at:)``). A send asks this, so a store may answer both at once.
    func useIfRegistered(tokenKey: String, at date: Date) throws -> Bool
}

extension RegistrationStore {
    /// ``isRegistered(tokenKey:)``, then ``markUsed(tokenKey:at:)`` when it is.
    public func useIfRegistered(tokenKey: String, at date: Date) throws -> Bool {
        guard try isRegistered(tokenKey: tokenKey) else { return false }
        markUsed(tokenKey: tokenKey, at: date)
        return true
    }
}
