/// Why an Improv exchange over serial failed; each says what was waited for.
public enum ImprovSerialError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing came in time.
    case noAnswer(String, seconds: Double)
    /// The device reported an error.
    case device(ImprovErrorCode)
    case port(SerialPortError)
    case protocolError(ImprovProtocolError)

    public var description: String {
        switch self {
        case .noAnswer(let what, let seconds): "the device did not answer \(what) within \(seconds) s (is it an Improv device, at this speed?)"
        case .device(let code): code.words
        case .port(let error): error.description
        case .protocolError(let error): error.description
        }
    }
}
