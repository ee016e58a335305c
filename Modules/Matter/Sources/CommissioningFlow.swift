/// How a device enters commissioning mode, as its onboarding payload says.
public enum CommissioningFlow: UInt8, Sendable, Equatable, CaseIterable {
    /// It is in commissioning mode once powered.
    case standard = 0
    /// A person must act on the device first (press a button, as its manual says).
    case userActionRequired = 1
    /// The vendor's own steps (its app or manual), found from the vendor and product id.
    case custom = 2

    /// Its name in `home matter parse`.
    public var name: String {
        switch self {
        case .standard: "standard"
        case .userActionRequired: "user action required"
        case .custom: "custom"
        }
    }
}
