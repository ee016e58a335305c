/// The JSON Web Token signatures the providers need: ES256 for APNs, RS256 for FCM's OAuth.
public enum JWTAlgorithm: String, Sendable {
    case es256 = "ES256"
    case rs256 = "RS256"
}
