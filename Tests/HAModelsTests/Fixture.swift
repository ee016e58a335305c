import Essentials
import Foundation
import XCTest

/// A message captured from Home Assistant 2024.3.3 by tools/capture-fixtures.
struct Fixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    let name: String
    let bytes: [UInt8]

    init(_ name: String) throws {
        self.name = name
        bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent("\(name).json")))
    }

    /// The fixture as parsed JSON.
    func value() throws -> JSONValue {
        try JSONParser.parse(bytes)
    }

    /// A field of the fixture, by path of object keys.
    func value(at keys: String...) throws -> JSONValue {
        var current = try value()
        for key in keys {
            current = try XCTUnwrap(current.objectValue?[key], "\(name) has no '\(key)'")
        }
        return current
    }

    /// Decodes the whole fixture, or a part of it, as `T`, re-encodes it, and checks that every
    /// field survived: the re-encoding equals the original once null fields (which decode to
    /// nil and are left out) are dropped on both sides.
    @discardableResult
    func assertRoundTrip<T: Codable>(
        _ type: T.Type, at keys: String..., file: StaticString = #filePath, line: UInt = #line
    ) throws -> T {
        var original = try value()
        for key in keys { original = try XCTUnwrap(original.objectValue?[key], file: file, line: line) }
        let decoded = try JSONValueDecoder().decode(T.self, from: original)
        let encoded = try JSONValueEncoder().encodeValue(decoded)
        XCTAssertEqual(encoded.droppingNulls, original.droppingNulls, "\(name) lost or changed a field", file: file, line: line)
        return decoded
    }
}
