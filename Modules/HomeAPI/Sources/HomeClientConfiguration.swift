import DeviceModel
import Essentials
import FoundationEssentials

/// What the app tells the Home client before any other call, through ``Home/configure(_:)``.
public struct HomeClientConfiguration: Sendable, Equatable {
    /// The OAuth client id: an `http(s)` URL with a host, as Home Assistant's IndieAuth rules
    /// want; the password sign-in presents it to the server. The browser sign-in uses the
    /// loopback listener's origin instead, since the server only accepts that redirect for it.
    public var clientID = "http://127.0.0.1/home-companion"
    /// When true, a service call is checked against the server's services before it is sent, and refused with ``HomeErrorCode/invalidArgument``; when
    /// false it is sent as it is and the server's answer decides.
    public var strictOperationValidation = false
    /// The language for the user; persisted to the server for the signed-in user.
    public var locale: Locale?
    /// The device types and traits the app means to use in automations, as the seed's
    /// `ReferencedAutomationTypes(deviceTypes:traits:)`: an automation draft naming anything else
    /// is refused (DeviceModel's `HomeAutomations` checks it). Empty allows all.
    public var referencedAutomationTypes = ReferencedAutomationTypes()
    /// Where tokens, caches and per-server data live; the XDG folders when nil.
    public var dataLocations: DirectoryLayout?

    /// The defaults: the companion's client id, no validation, no locale, every type referenced, XDG folders.
    public init() {}

    /// Checks every field and names the first one that is not valid.
    func validated() throws(HomeError) -> HomeClientConfiguration {
        // URL's accessors rather than URLComponents', whose IDNA host handling loads ICU.
        guard let url = URL(string: clientID), let scheme = url.scheme, ["http", "https"].contains(scheme),
              let host = url.host(percentEncoded: true), !host.isEmpty, url.fragment == nil, url.user == nil, url.password == nil else {
            throw .invalidField("clientID", "'\(clientID)' is not an http(s) URL with a host (such as http://127.0.0.1/home-companion)")
        }
        if let locale, LanguageTag(locale) == nil {
            throw .invalidField("locale", "'\(locale.identifier)' is not a BCP-47 language tag (such as en-US)")
        }
        if let dataLocations {
            for (field, folder) in [("configuration", dataLocations.configuration), ("data", dataLocations.data), ("cache", dataLocations.cache)]
            where !folder.isFileURL || !folder.path.hasPrefix("/") {
                throw .invalidField("dataLocations.\(field)", "'\(folder)' is not an absolute folder path")
            }
        }
        return self
    }
}
