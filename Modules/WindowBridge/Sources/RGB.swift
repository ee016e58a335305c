import Foundation

/// A colour the frontend's theme gives as CSS (`#rrggbb`, `#rgb` or `rgb(r, g, b)`).
public struct RGB: Equatable, Sendable {
    /// The channels, 0 to 255.
    public let red: Int
    public let green: Int
    public let blue: Int

    /// Creates a colour.
    public init(red: Int, green: Int, blue: Int) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Reads a CSS colour; nil for anything else.
    public init?(css text: String) {
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        if text.hasPrefix("#") {
            let digits = Array(text.dropFirst())
            let hex = digits.count == 3 ? digits.flatMap { [$0, $0] } : digits
            guard hex.count == 6, let value = Int(String(hex), radix: 16) else { return nil }
            self.init(red: value >> 16 & 0xFF, green: value >> 8 & 0xFF, blue: value & 0xFF)
        } else if text.hasPrefix("rgb(") || text.hasPrefix("rgba("), text.hasSuffix(")") {
            let inner = text.drop { $0 != "(" }.dropFirst().dropLast()
            let parts = inner.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count >= 3, let red = Int(parts[0]), let green = Int(parts[1]), let blue = Int(parts[2]),
                  [red, green, blue].allSatisfy({ (0...255).contains($0) }) else { return nil }
            self.init(red: red, green: green, blue: blue)
        } else {
            return nil
        }
    }

    /// Relative luminance, 0 (black) to 1 (white), as WCAG computes it.
    public var luminance: Double {
        func channel(_ value: Int) -> Double {
            let c = Double(value) / 255
            return c <= 0.039_28 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
    }

    /// The colour as CSS, written from its numbers.
    public var css: String { "rgb(\(red), \(green), \(blue))" }
}
