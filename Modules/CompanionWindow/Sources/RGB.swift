import Foundation

/// A colour the frontend's theme gives as CSS (`#rrggbb`, `#rgb` or `rgb(r, g, b)`).
struct RGB: Equatable {
    let red: Int
    let green: Int
    let blue: Int

    init(red: Int, green: Int, blue: Int) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    init?(css text: String) {
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
    var luminance: Double {
        func channel(_ value: Int) -> Double {
            let c = Double(value) / 255
            return c <= 0.039_28 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
    }

    var css: String { "rgb(\(red), \(green), \(blue))" }
}
