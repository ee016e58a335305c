/// Something on this machine Home Assistant can drive (lock the screen, set the volume) or read
/// (the title playing), once the user enables it. Contributed by plugins to `agent.controls`;
/// carried to Home Assistant by a transport plugin (mqtt).
public protocol Control: Sendable {
    var definition: ControlDefinition { get }
    /// Does what Home Assistant asked; a thrown error is logged and shown by `home controls`.
    func perform(_ command: ControlCommand) async throws
    /// The state to show: a number's value, `ON`/`OFF`, a sensor's text; nil when unknown.
    func state() async -> String?
}
