import Essentials
import HAModels
@testable import Networking
import XCTest

/// The table finds states by their id's bytes through any mix of additions, replacements and
/// removals (checked against a dictionary), and keeps each entry's observed flag and mark with it.
final class EntityTableTests: XCTestCase {
    private let keys = AttributeKeys()

    private func state(_ text: String) throws -> CompactEntityState {
        var json = #"{"s":"\#(text)","lc":1}"#
        let state = try json.withUTF8 { bytes in
            var reader = JSONReader(bytes)
            return try CompactEntityState(reading: &reader, keys: keys)
        }
        return try XCTUnwrap(state)
    }

    func testAgreesWithADictionaryThroughAdditionsReplacementsAndRemovals() throws {
        var table = EntityTable()
        var model: [String: String] = [:]
        var generator = SystemRandomNumberGenerator()
        for step in 0..<20_000 {
            let id = "sensor.entity_\(Int.random(in: 0..<3_000, using: &generator))"
            if Int.random(in: 0..<3, using: &generator) == 0 {
                let entry = table.entry(id)
                XCTAssertEqual(entry != nil, model[id] != nil, id)
                if let entry { table.remove(entry) }
                model[id] = nil
            } else {
                let (old, entry) = table.set(id, try state("\(step)"), observed: false)
                XCTAssertEqual(old?.state, model[id], id)
                XCTAssertEqual(table.ids[entry], id)
                model[id] = "\(step)"
            }
        }
        XCTAssertEqual(table.count, model.count)
        for (id, text) in model {
            var bytes = Array(id.utf8)
            let entry = bytes.withUnsafeMutableBufferPointer { table.entry(UnsafeBufferPointer($0)) }
            XCTAssertEqual(entry.map { table.states[$0].state }, text, id)
        }
        XCTAssertNil(table.entry("sensor.entity_3000"))
        XCTAssertNil(table.entry(""))
        XCTAssertEqual(Set(table.ids), Set(model.keys))
    }

    func testFlagsAndMarksMoveWithTheirEntries() throws {
        var table = EntityTable()
        for index in 0..<100 { _ = table.set("light.\(index)", try state("on"), observed: index % 10 == 0) }
        table.mark(try XCTUnwrap(table.entry("light.99")))
        table.remove(try XCTUnwrap(table.entry("light.0")))
        let moved = try XCTUnwrap(table.entry("light.99"))
        XCTAssertEqual(moved, 0, "the last entry took the removed one's place")
        XCTAssertTrue(table.marked[moved])
        XCTAssertFalse(table.observed[moved])
        XCTAssertTrue(table.observed[try XCTUnwrap(table.entry("light.10"))])
        table.observe(["light.5"])
        XCTAssertEqual(table.ids.indices.filter { table.observed[$0] }.map { table.ids[$0] }, ["light.5"])
        table.observe(nil)
        XCTAssertTrue(table.observed.allSatisfy { $0 })
        table.clearMarks()
        XCTAssertFalse(table.marked.contains(true))
    }
}
