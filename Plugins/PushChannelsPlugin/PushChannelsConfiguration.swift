/// The push-channels plugin's manifest configuration: none, so any key is reported as unknown.
struct PushChannelsConfiguration: Decodable, Sendable {}
