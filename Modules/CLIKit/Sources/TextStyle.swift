/// Terminal colours used to highlight states; written only when colour is on.
public enum TextStyle: String, Sendable {
    case bold = "1"
    case red = "31"
    case green = "32"
    case yellow = "33"
    case dim = "2"
}
