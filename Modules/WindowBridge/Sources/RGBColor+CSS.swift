import FoundationEssentials
import Glibc
import HADesignTokens

extension RGBColor {
    /// Reads a colour as the frontend's theme writes it in CSS (`#rrggbb`, `#rgb`, `rgb(r, g, b)`
    /// or `rgba(r, g, b, a)`, the alpha left out); nil for anything else.
    public init?(css text: String) {
        let text = text.trimmingSpaces().lowercased()
        if text.hasPrefix("#") {
            self.init(hex: text)
            return
        }
        guard text.hasPrefix("rgb(") || text.hasPrefix("rgba("), text.hasSuffix(")") else { return nil }
        let parts = text.drop { $0 != "(" }.dropFirst().dropLast().split(separator: ",").map { $0.trimmingSpaces() }
        guard parts.count >= 3, let red = UInt8(parts[0]), let green = UInt8(parts[1]), let blue = UInt8(parts[2]) else { return nil }
        self.init(red: red, green: green, blue: blue)
    }

    /// Relative luminance, 0 (black) to 1 (white), as WCAG computes it.
    public var luminance: Double {
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.039_28 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
    }

    /// The colour as CSS, written from its numbers.
    public var css: String { "rgb(\(red), \(green), \(blue))" }
}
