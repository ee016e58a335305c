import Foundation

/// A record with every kind of column, for decoding tests.
struct Gadget: Codable, Equatable, Sendable {
    struct Settings: Codable, Equatable, Sendable {
        let mode: String
        let levels: [Int]
    }

    let id: Int
    let name: String
    let weight: Double
    let active: Bool
    let seen: Date
    let blob: Data
    let note: String?
    let settings: Settings
}
