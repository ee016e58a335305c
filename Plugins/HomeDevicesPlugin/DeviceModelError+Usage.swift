import CLIKit
import DeviceModel

extension DeviceModelError {
    /// Runs `body`; a device model error that the user's input caused (an invalid argument, an
    /// unknown id, a refused type) becomes a usage error (exit 2), the rest stay failures.
    static func asUsage<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as DeviceModelError {
            switch error {
            case .invalidArgument, .notFound, .failedPrecondition: throw UsageError(error.description)
            case .timeout, .server: throw error
            }
        }
    }
}
