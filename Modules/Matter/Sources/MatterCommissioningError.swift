/// Why a device could not be commissioned through Home Assistant, said so a person knows what to do.
public enum MatterCommissioningError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server does not answer.
    case serverUnreachable(String)
    /// The server has no Matter integration set up.
    case noIntegration
    /// The integration is set up but not running (it cannot reach its Matter Server).
    case integrationNotRunning(state: String)
    /// The Matter Server could not commission the device.
    case commissioningFailed(String)
    /// The server refused the command for another reason.
    case refused(code: String, message: String)
    /// Commissioning succeeded but no new Matter device appeared in the device registry in time.
    case noNewDevice(seconds: Int)

    public var description: String {
        switch self {
        case .serverUnreachable(let why):
            "the server cannot be reached: \(why)"
        case .noIntegration:
            "the server has no Matter integration: add it in Settings → Devices & services (it needs a Matter Server, such as the Matter Server add-on)"
        case .integrationNotRunning(let state):
            "the server's Matter integration is not running (\(state)): it cannot reach its Matter Server"
        case .commissioningFailed(let message):
            "the Matter Server could not commission the device: \(message). Is it in pairing mode, powered and near, and is the code its own?"
        case .refused(let code, let message):
            "the server refused: \(message) (\(code))"
        case .noNewDevice(let seconds):
            "the server said the device was commissioned, but no new Matter device appeared in its device registry within \(seconds) s"
        }
    }
}
