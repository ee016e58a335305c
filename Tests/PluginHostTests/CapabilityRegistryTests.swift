import PluginHost
import XCTest

final class CapabilityRegistryTests: XCTestCase {
    func testHandsOutTypedValues() throws {
        let registry = CapabilityRegistry()
        let key = CapabilityKey<Int>(name: "answer")
        try registry.register(key, 42, providedBy: "deep-thought")
        XCTAssertEqual(try registry.resolve(key), 42)
        XCTAssertEqual(registry.provider(of: key.id), "deep-thought")
    }

    func testOneProviderPerCapability() throws {
        let registry = CapabilityRegistry()
        let key = CapabilityKey<Int>(name: "answer")
        try registry.register(key, 42, providedBy: "a")
        XCTAssertThrowsError(try registry.register(key, 43, providedBy: "b")) { error in
            XCTAssertEqual(error as? CapabilityError, .alreadyProvided(key.id, by: "a"))
        }
    }

    func testMissingAndWronglyTypedCapabilitiesAreErrors() throws {
        let registry = CapabilityRegistry()
        XCTAssertThrowsError(try registry.resolve(CapabilityKey<Int>(name: "nothing"))) { error in
            XCTAssertEqual(error as? CapabilityError, .notProvided(CapabilityID(name: "nothing")))
        }
        try registry.register(CapabilityKey<String>(name: "text"), "hi", providedBy: "p")
        XCTAssertThrowsError(try registry.resolve(CapabilityKey<Int>(name: "text"))) { error in
            XCTAssertEqual(error as? CapabilityError, .wrongType(CapabilityID(name: "text"), expected: "Int", provider: "p"))
        }
    }

    func testVersionsAreDistinctKeys() throws {
        let registry = CapabilityRegistry()
        try registry.register(CapabilityKey<Int>(name: "api", version: 1), 1, providedBy: "old")
        XCTAssertThrowsError(try registry.resolve(CapabilityKey<Int>(name: "api", version: 2)))
    }
}
