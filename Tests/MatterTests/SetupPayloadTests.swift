import Matter
import XCTest

/// QR codes and manual pairing codes against the connectedhomeip project's published vectors,
/// both ways, and every malformed, truncated or oversized code refused with its field named.
final class SetupPayloadTests: XCTestCase {
    /// connectedhomeip's default test payload (TestHelpers.h).
    private func defaultPayload(discriminator: UInt16 = 128, passcode: UInt32 = 2048) throws -> SetupPayload {
        try SetupPayload(vendorID: 12, productID: 1, flow: .standard, discovery: .softAP, discriminator: discriminator, passcode: passcode)
    }

    /// A manual code's first digits with their Verhoeff check digit added, as the published tests write them.
    private func checked(_ digits: String) -> String {
        digits + "\(Verhoeff.checkDigit(of: digits.utf8.map { Int($0) - 48 }))"
    }

    func testThePublishedQRCodesReadAndWrite() throws {
        let payload = try defaultPayload()
        XCTAssertEqual(payload.qrCode, "MT:M5L90MP500K64J00000")
        XCTAssertEqual(try SetupPayload(qrCode: "MT:M5L90MP500K64J00000"), payload)
        let joined = "MT:M5L90MP500K64J00000*M5L90U.D010K4J00000*M5L900CM02IX4J00000*M5L908OU03-85J00000"
        let payloads = try SetupPayload.payloads(qrCode: joined)
        XCTAssertEqual(payloads, try (0..<4).map { try defaultPayload(discriminator: 128 + UInt16($0), passcode: 2048 + UInt32($0)) })
        XCTAssertThrowsError(try SetupPayload(qrCode: joined), "one payload asked for")

        let light = try SetupPayload(qrCode: "MT:Y.K9042C00KA0648G00")
        XCTAssertEqual(light.vendorID, 0xFFF1)
        XCTAssertEqual(light.productID, 0x8000)
        XCTAssertEqual(light.flow, .standard)
        XCTAssertEqual(light.discovery, .bluetooth)
        XCTAssertEqual(light.discriminator, 3840)
        XCTAssertEqual(light.shortDiscriminator, 15)
        XCTAssertEqual(light.passcode, 20_202_021)
        XCTAssertEqual(light.manualCode, "34970112332", "the manual code printed beside this QR code")
        XCTAssertEqual(light.qrCode, "MT:Y.K9042C00KA0648G00")
    }

    func testEveryFieldAtItsLimitsRoundTrips() throws {
        for flow in CommissioningFlow.allCases {
            for discovery in [DiscoveryCapabilities(), .softAP, .bluetooth, .onNetwork, [.bluetooth, .onNetwork], DiscoveryCapabilities(rawValue: 0xFF)] {
                for (discriminator, passcode) in [(0, 1), (0xFFF, 99_999_998), (3840, 20_202_021)] as [(UInt16, UInt32)] {
                    let payload = try SetupPayload(vendorID: 0xFFFF, productID: 0, flow: flow, discovery: discovery, discriminator: discriminator, passcode: passcode)
                    XCTAssertEqual(try SetupPayload(qrCode: try XCTUnwrap(payload.qrCode)), payload)
                    let manual = try SetupPayload(manualCode: payload.manualCode)
                    XCTAssertEqual(manual.passcode, passcode)
                    XCTAssertEqual(manual.shortDiscriminator, UInt8(discriminator >> 8))
                    XCTAssertEqual(manual.vendorID, flow == .standard ? 0 : 0xFFFF, "vendor and product only in a 21 digit code")
                    XCTAssertEqual(payload.manualCode.count, flow == .standard ? 11 : 21)
                    XCTAssertNil(manual.qrCode, "a manual code lacks what a QR code needs")
                }
            }
        }
    }

    func testTheQRCodesOptionalDataReadsAndWrites() throws {
        var payload = try defaultPayload()
        payload.optionalData = [0: .string("123456789"), 0x82: .string("myData"), 0x83: .unsigned(12), 0x84: .signed(-300), 0x85: .bytes([1, 2, 255]), 0x86: .bool(true)]
        let code = try XCTUnwrap(payload.qrCode)
        let read = try SetupPayload(qrCode: code)
        XCTAssertEqual(read, payload)
        XCTAssertEqual(read.serialNumber, "123456789")
    }

    func testThePublishedManualCodesRead() throws {
        let full = try SetupPayload(manualCode: checked("52927623630456200032"))
        XCTAssertEqual([Int(full.passcode), Int(full.shortDiscriminator), Int(full.vendorID), Int(full.productID)], [38_728_284, 1280 >> 8, 4562, 32])
        XCTAssertEqual(full.flow, .custom)
        XCTAssertNil(full.discriminator)
        let ones = try SetupPayload(manualCode: checked("40000100000000100001"))
        XCTAssertEqual([Int(ones.passcode), Int(ones.shortDiscriminator), Int(ones.vendorID), Int(ones.productID)], [1, 0, 1, 1])
        let short = try SetupPayload(manualCode: checked("0000010000"))
        XCTAssertEqual([Int(short.passcode), Int(short.shortDiscriminator), Int(short.vendorID)], [1, 0, 0])
        XCTAssertEqual(short.manualCode, checked("0000010000"))
        XCTAssertEqual(try SetupPayload(manualCode: "3497-011-2332"), try SetupPayload(manualCode: "34970112332"), "dashes and spaces as printed")
    }

    func testMalformedCodesAreRefusedWithWhatIsWrong() {
        let cases: [(String, String)] = [
            ("", "is not a Matter setup code"),
            ("24184.21961", "is not a Matter setup code"),
            (checked("2456"), "wrong length"),
            (checked("12749875380"), "wrong length"),
            (checked("123456789123456785671"), "wrong length"),
            (checked("23456789123456785610"), "the first digit says 11 digits"),
            ("02684354589", "check digit is wrong"),
            (checked("2327680000"), "field 'passcode'"),
            (checked("2361087535"), "field 'passcode': 123456780 is not allowed"),
            (checked("8000010000"), "field 'version'"),
            (checked("67000000000000000000"), "field 'passcode'"),
            (checked("40000100009999900001"), "field 'vendor_id'"),
            ("MT:", "the payload is 0 bytes"),
            ("MT:M5L90MP500K64J0000", "cannot be base38"),
            ("MT:M5L90MP500", "the payload is 6 bytes"),
            ("MT:m5L90MP500K64J00000", "is not a base38 character"),
            ("MT:M5L90MP500K64J00000*", "the payload is 0 bytes"),
            ("mt:M5L90MP500K64J00000", "is not a Matter setup code"),
            ("MT:" + String(repeating: "0", count: SetupPayload.maximumCodeLength), "at most 2048 are read"),
            ("MT:" + Array(repeating: "M5L90MP500K64J00000", count: 17).joined(separator: "*"), "at most 16 are read"),
        ]
        for (code, expected) in cases {
            XCTAssertThrowsError(try SetupPayload.parse(code), code) { XCTAssertTrue("\($0)".contains(expected), "\(code): \($0)") }
        }
    }

    func testForbiddenPasscodesAndFieldsOutOfRangeAreRefused() {
        for passcode: UInt32 in [0, 11_111_111, 22_222_222, 33_333_333, 44_444_444, 55_555_555, 66_666_666, 77_777_777, 88_888_888, 12_345_678, 87_654_321, 99_999_999, 100_000_000, 0x7FF_FFFF] {
            XCTAssertFalse(SetupPayload.isValidPasscode(passcode), "\(passcode)")
            XCTAssertThrowsError(try defaultPayload(passcode: passcode)) { XCTAssertTrue("\($0)".hasPrefix("field 'passcode'"), "\($0)") }
        }
        XCTAssertTrue(SetupPayload.isValidPasscode(99_999_998))
        XCTAssertThrowsError(try defaultPayload(discriminator: 0x1000)) { XCTAssertTrue("\($0)".hasPrefix("field 'discriminator'"), "\($0)") }
        XCTAssertThrowsError(try SetupPayload(version: 1, vendorID: 1, productID: 1, discovery: .softAP, discriminator: 1, passcode: 2048)) {
            XCTAssertTrue("\($0)".hasPrefix("field 'version'"), "\($0)")
        }
    }
}
