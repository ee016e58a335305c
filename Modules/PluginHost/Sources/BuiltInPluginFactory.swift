import Essentials
import FoundationEssentials

/// Makes a plugin compiled into the executable, decoding its configuration as `Configuration`.
public struct BuiltInPluginFactory<Configuration: Decodable & Sendable>: PluginFactory {
    public let descriptor: PluginDescriptor
    private let make: @Sendable (Configuration) throws -> any Plugin

    /// Creates a factory; `make` receives the decoded configuration.
    public init(
        descriptor: PluginDescriptor, configuration: Configuration.Type,
        make: @escaping @Sendable (Configuration) throws -> any Plugin
    ) {
        self.descriptor = descriptor
        self.make = make
    }

    public func configurationProblems(_ configuration: [String: JSONValue]) -> [String] {
        var problems = descriptor.unknownConfigurationKeys(in: configuration)
        do {
            _ = try decode(configuration)
        } catch let error as ConfigurationError {
            problems.append(error.description)
        } catch {
            problems.append(error.explanation)
        }
        return problems
    }

    public func makePlugin(configuration: [String: JSONValue]) throws -> any Plugin {
        try make(decode(configuration))
    }

    private func decode(_ configuration: [String: JSONValue]) throws -> Configuration {
        let data = try JSONEncoder().encode(configuration)
        return try JSONDecoder().decode(Configuration.self, from: data)
    }
}
