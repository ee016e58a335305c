import Foundation
import Thread
import XCTest

/// Datasets decoded and encoded: every dataset Home Assistant's own encoder made round-trips to
/// the same bytes, fields read as the specification defines them, and every malformed case is
/// named with its TLV and offset.
final class OperationalDatasetTests: XCTestCase {
    /// A dataset OpenThread's `dataset init new` printed (channel 15, PAN ID 0x1234).
    static let openThread = "0e080000000000010000" + "000300000f" + "35060004001fffe0" + "0208dead00beef00cafe"
        + "0708fddead00beef0000" + "051000112233445566778899aabbccddeeff" + "030f4f70656e5468726561642d31323334" + "01021234"
        + "0410445f2b5ca6f2a93a55ce570a70efeecb" + "0c0402a0f7f8"

    func testEveryDatasetHomeAssistantsEncoderMadeRoundTrips() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/datasets.txt")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 200)
        var unknown = 0
        for line in lines {
            let dataset = try OperationalDataset(hex: line)
            XCTAssertEqual(dataset.hex, line)
            XCTAssertEqual(try OperationalDataset(bytes: dataset.bytes), dataset)
            unknown += dataset.otherRecords.count
        }
        XCTAssertGreaterThan(unknown, 50, "vendor, commissioning and unknown TLVs are among them, kept")
    }

    func testFieldsReadAsTheSpecificationDefinesThem() throws {
        let dataset = try OperationalDataset(hex: Self.openThread)
        try dataset.requireActive()
        XCTAssertEqual(dataset.channel?.page, 0)
        XCTAssertEqual(dataset.channel?.channel, 15)
        XCTAssertEqual(dataset.panID, 0x1234)
        XCTAssertEqual(dataset.extendedPANID, [0xDE, 0xAD, 0x00, 0xBE, 0xEF, 0x00, 0xCA, 0xFE])
        XCTAssertEqual(dataset.networkName, "OpenThread-1234")
        XCTAssertEqual(dataset.meshLocalPrefixText, "fdde:ad00:beef:0::/64")
        XCTAssertEqual(dataset.networkKey?.count, 16)
        XCTAssertEqual(dataset.activeTimestamp, DatasetTimestamp(seconds: 1))
        XCTAssertEqual(dataset.channelMask?.first?.channels, Array(11...26))
        let policy = try XCTUnwrap(dataset.securityPolicy)
        XCTAssertEqual(policy.rotationHours, 672)
        XCTAssertTrue(policy.obtainNetworkKey && policy.nativeCommissioning && policy.routers && policy.externalCommissioning)
        XCTAssertFalse(policy.commercialCommissioning || policy.autonomousEnrollment || policy.networkKeyProvisioning)
        XCTAssertEqual(policy.toBLELink, false)
        XCTAssertEqual(policy.nonCCMRouters, false)
        XCTAssertEqual(policy.versionThreshold, 0)
        XCTAssertEqual(dataset.otherRecords, [])
        XCTAssertNil(dataset.pendingTimestamp)
    }

    func testTimestampsPackSecondsTicksAndTheAuthoritativeBit() {
        let stamp = DatasetTimestamp(seconds: 0x0102_0304_0506, ticks: 0x7FFF, authoritative: true)
        XCTAssertEqual(stamp.bytes, [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0xFF, 0xFF])
        XCTAssertLessThan(DatasetTimestamp(seconds: 5, ticks: 9), DatasetTimestamp(seconds: 6))
        XCTAssertEqual(DatasetTimestamp(seconds: 1).bytes, [0, 0, 0, 0, 0, 1, 0, 0])
    }

    func testThreadOneOnePoliciesHaveOneByteOfBits() throws {
        let dataset = try OperationalDataset(hex: "0c0302a0ff")
        XCTAssertEqual(dataset.securityPolicy?.rotationHours, 672)
        XCTAssertNil(dataset.securityPolicy?.versionThreshold)
        XCTAssertEqual(dataset.hex, "0c0302a0ff")
    }

    private func assertRefused(_ hex: String, _ expected: ThreadDatasetError, _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try OperationalDataset(hex: hex), file: file, line: line) { error in
            XCTAssertEqual(error as? ThreadDatasetError, expected, file: file, line: line)
            XCTAssertEqual("\(error)", text, file: file, line: line)
        }
    }

    func testMalformedDatasetsAreNamedWithTheirTLVAndOffset() {
        assertRefused("000300000", .framing(.invalidHex(position: 8)), "the dataset is not hexadecimal: bad or odd digit at position 8")
        assertRefused("0003zz000f", .framing(.invalidHex(position: 4)), "the dataset is not hexadecimal: bad or odd digit at position 4")
        assertRefused("01021234" + "00", .framing(.truncatedHeader(offset: 4)), "the dataset ends inside a TLV header at byte 4")
        assertRefused("01021234" + "030a4f70", .framing(.truncatedValue(type: 3, offset: 4, declared: 10, available: 2)),
                      "TLV type 3 at byte 4 declares 10 value bytes but only 2 remain")
        assertRefused(String(repeating: "f001aa", count: 85), .framing(.tooLarge(size: 255, limit: 254)),
                      "the dataset is 255 bytes; an operational dataset is at most 254")
        assertRefused("01021234" + "0002000f", .wrongLength(type: 0, offset: 4, length: 2, expected: "3"),
                      "channel TLV at byte 4 is 2 bytes long; it must be 3")
        assertRefused("050f00112233445566778899aabbccddee", .wrongLength(type: 5, offset: 0, length: 15, expected: "16"),
                      "network_key TLV at byte 0 is 15 bytes long; it must be 16")
        assertRefused("01021234" + "01025678", .duplicate(type: 1, offset: 4), "pan_id TLV at byte 4 appears a second time")
        assertRefused("0311" + String(repeating: "41", count: 17), .wrongLength(type: 3, offset: 0, length: 17, expected: "1 to 16"),
                      "network_name TLV at byte 0 is 17 bytes long; it must be 1 to 16")
        assertRefused("0302c328", .invalidValue(type: 3, offset: 0, reason: "the network name is not UTF-8"),
                      "network_name TLV at byte 0: the network name is not UTF-8")
        assertRefused("0c0202a0", .wrongLength(type: 12, offset: 0, length: 2, expected: "3 or 4"),
                      "security_policy TLV at byte 0 is 2 bytes long; it must be 3 or 4")
        assertRefused("3503000400", .invalidValue(type: 53, offset: 0, reason: "a channel mask entry runs past the TLV"),
                      "channel_mask TLV at byte 0: a channel mask entry runs past the TLV")
        assertRefused("0102ffff", .invalidValue(type: 1, offset: 0, reason: "PAN ID 0xFFFF is the broadcast PAN"),
                      "pan_id TLV at byte 0: PAN ID 0xFFFF is the broadcast PAN")
        XCTAssertThrowsError(try OperationalDataset(hex: "01021234").requireActive()) { error in
            XCTAssertEqual("\(error)", "an active dataset needs active_timestamp, channel, channel_mask, extended_pan_id, "
                + "mesh_local_prefix, network_key, network_name, pskc, security_policy")
        }
    }

    func testThePSKcMatchesTheSpecificationsExample() throws {
        // Thread specification: passphrase "12SECRETPASSWORD34", network "Test Network", extended PAN ID 00:01:02:03:04:05:06:07.
        let pskc = try PSKc.compute(passphrase: "12SECRETPASSWORD34", networkName: "Test Network", extendedPANID: [0, 1, 2, 3, 4, 5, 6, 7])
        XCTAssertEqual(pskc, [0xC3, 0xF5, 0x93, 0x68, 0x44, 0x5A, 0x1B, 0x61, 0x06, 0xBE, 0x42, 0x0A, 0x70, 0x6D, 0x4C, 0xC9])
        XCTAssertThrowsError(try PSKc.compute(passphrase: "short", networkName: "Test Network", extendedPANID: [0, 1, 2, 3, 4, 5, 6, 7]))
        XCTAssertThrowsError(try PSKc.compute(passphrase: "12SECRETPASSWORD34", networkName: "Test Network", extendedPANID: [0]))
    }

    func testNewDatasetsAreCompleteRandomAndTakeAChannelAndName() throws {
        var generator = DatasetGenerator()
        let first = try generator.make()
        let second = try generator.make(channel: 20, name: "Kitchen")
        try first.requireActive()
        try second.requireActive()
        XCTAssertTrue((11...26).contains(first.channel?.channel ?? 0))
        XCTAssertEqual(second.channel?.channel, 20)
        XCTAssertEqual(second.networkName, "Kitchen")
        XCTAssertEqual(first.networkName, "OpenThread-" + String(format: "%04x", Int(first.panID ?? 0)))
        XCTAssertNotEqual(first.networkKey, second.networkKey)
        XCTAssertNotEqual(first.extendedPANID, second.extendedPANID)
        XCTAssertEqual(first.meshLocalPrefix?.first, 0xFD)
        XCTAssertEqual(first.securityPolicy, SecurityPolicy.openThreadDefault)
        XCTAssertThrowsError(try generator.make(channel: 27))
        XCTAssertThrowsError(try generator.make(name: String(repeating: "n", count: 17)))
    }
}
