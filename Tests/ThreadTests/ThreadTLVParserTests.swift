import Thread
import XCTest

final class ThreadTLVParserTests: XCTestCase {
    // An operational dataset as OpenThread prints it: channel 15, PAN ID 0x1234, network name "OpenThread".
    private let dataset = "000300000f" + "01021234" + "030a4f70656e546872656164"

    func testSplitsADatasetIntoRecords() throws {
        let records = try ThreadTLVParser.parse(hex: dataset)
        XCTAssertEqual(records.map(\.knownType), [.channel, .panID, .networkName])
        XCTAssertEqual(records[0].value, [0x00, 0x00, 0x0F])
        XCTAssertEqual(records[1].value, [0x12, 0x34])
        XCTAssertEqual(String(decoding: records[2].value, as: UTF8.self), "OpenThread")
        XCTAssertEqual(try ThreadTLVParser.parse(hex: dataset.uppercased()), records)
    }

    func testEmptyDatasetHasNoRecords() throws {
        XCTAssertEqual(try ThreadTLVParser.parse(hex: ""), [])
    }

    func testUnknownTypesAreKept() throws {
        let records = try ThreadTLVParser.parse([0xF0, 0x01, 0xAA])
        XCTAssertEqual(records, [ThreadTLV(type: 0xF0, value: [0xAA])])
        XCTAssertNil(records[0].knownType)
    }

    func testTruncatedInput() {
        XCTAssertThrowsError(try ThreadTLVParser.parse([0x00])) { error in
            XCTAssertEqual(error as? ThreadTLVError, .truncatedHeader(offset: 0))
        }
        XCTAssertThrowsError(try ThreadTLVParser.parse([0x03, 0x0A, 0x4F])) { error in
            XCTAssertEqual(error as? ThreadTLVError, .truncatedValue(type: 3, offset: 0, declared: 10, available: 1))
        }
    }

    func testOversizedInput() {
        XCTAssertThrowsError(try ThreadTLVParser.parse([UInt8](repeating: 0, count: 255))) { error in
            XCTAssertEqual(error as? ThreadTLVError, .tooLarge(size: 255, limit: 254))
        }
        XCTAssertThrowsError(try ThreadTLVParser.parse(hex: String(repeating: "00", count: 300))) { error in
            XCTAssertEqual(error as? ThreadTLVError, .tooLarge(size: 300, limit: 254))
        }
    }

    func testMalformedInput() {
        XCTAssertThrowsError(try ThreadTLVParser.parse(hex: "0g")) { error in
            XCTAssertEqual(error as? ThreadTLVError, .invalidHex(position: 1))
        }
        XCTAssertThrowsError(try ThreadTLVParser.parse(hex: "000")) { error in
            XCTAssertEqual(error as? ThreadTLVError, .invalidHex(position: 2))
        }
        XCTAssertThrowsError(try ThreadTLVParser.parse([0x00, 0xFF, 0x00])) { error in
            XCTAssertEqual(error as? ThreadTLVError, .extendedLengthNotAllowed(type: 0, offset: 0))
        }
    }
}
