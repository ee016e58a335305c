import Essentials

/// What the frontend can ask of the window beyond tokens; the window's UI side implements them.
public protocol WindowActions: AnyObject, Sendable {
    /// Shows the frontend's connection state (`connected`, `disconnected`, `auth-invalid`).
    func connectionChanged(_ state: String)
    /// The frontend's theme changed: read its colours and follow them.
    func themeChanged()
    /// Opens the companion's own settings.
    func showSettings()
    /// Offers the companion's Thread networks to share with the server (`thread/import_credentials`).
    func importThreadCredentials()
    /// Opens the native dialog that commissions a Matter device (`matter/commission`, the
    /// frontend's "Add Matter device"); the frontend finds the new device by itself.
    func commissionMatter()
    /// The session is gone (signed out from the page): show the sign-in page.
    func signedOut()
}
