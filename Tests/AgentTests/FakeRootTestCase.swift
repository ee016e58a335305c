import EssentialsTestSupport
import Foundation
import XCTest

/// A test case with a folder laid out like the machine's root (/etc, /proc, /sys), removed after each test.
class FakeRootTestCase: XCTestCase {
    let fake = ScratchFolder()
    var root: URL { fake.root }

    override func tearDown() {
        fake.remove()
    }

    func write(_ path: String, _ text: String) throws {
        try fake.write(path, text)
    }
}
