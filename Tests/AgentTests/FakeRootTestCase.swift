import Foundation
import XCTest

/// A test case with a folder laid out like the machine's root (/etc, /proc, /sys), removed after each test.
class FakeRootTestCase: XCTestCase {
    let fake = FakeRoot()
    var root: URL { fake.url }

    override func tearDown() {
        fake.remove()
    }

    func write(_ path: String, _ text: String) throws {
        try fake.write(path, text)
    }
}
