/// What a device tells its client, over either transport.
public enum ImprovMessage: Sendable, Equatable {
    case state(ImprovState)
    case error(ImprovErrorCode)
    case result(ImprovResult)
}
