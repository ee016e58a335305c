import Improv
import XCTest

final class ImprovPacketTests: XCTestCase {
    func testEncodesWithHeaderLengthAndChecksum() throws {
        let packet = try ImprovPacket(type: .currentState, payload: [0x02])
        let bytes = packet.encoded
        XCTAssertEqual(Array(bytes.prefix(6)), Array("IMPROV".utf8))
        XCTAssertEqual(Array(bytes[6...9]), [1, 0x01, 1, 0x02])
        XCTAssertEqual(bytes.last, bytes.dropLast().reduce(0) { $0 &+ $1 })
    }

    func testDecodesWhatItEncodesAndReportsTheLength() throws {
        let packet = try ImprovPacket(type: .rpcCommand, payload: Array("wifi".utf8))
        let (decoded, length) = try ImprovPacket.decode(packet.encoded + [0xAA, 0xBB])
        XCTAssertEqual(decoded, packet)
        XCTAssertEqual(length, packet.encoded.count)
    }

    func testTruncatedInput() throws {
        let bytes = try ImprovPacket(type: .rpcResult, payload: [1, 2, 3]).encoded
        XCTAssertThrowsError(try ImprovPacket.decode(Array(bytes.prefix(4)))) { error in
            XCTAssertEqual(error as? ImprovPacketError, .truncated(needed: 10, available: 4))
        }
        XCTAssertThrowsError(try ImprovPacket.decode(Array(bytes.dropLast()))) { error in
            XCTAssertEqual(error as? ImprovPacketError, .truncated(needed: bytes.count, available: bytes.count - 1))
        }
    }

    func testOversizedPayload() {
        XCTAssertThrowsError(try ImprovPacket(type: .rpcCommand, payload: [UInt8](repeating: 0, count: 256))) { error in
            XCTAssertEqual(error as? ImprovPacketError, .payloadTooLarge(256))
        }
    }

    func testMalformedInput() throws {
        var bytes = try ImprovPacket(type: .errorState, payload: [0]).encoded
        XCTAssertThrowsError(try ImprovPacket.decode(Array("IMPROX".utf8) + bytes.dropFirst(6))) { error in
            XCTAssertEqual(error as? ImprovPacketError, .badHeader)
        }
        XCTAssertThrowsError(try ImprovPacket.decode(Array("XY".utf8))) { error in
            XCTAssertEqual(error as? ImprovPacketError, .badHeader)
        }
        bytes[bytes.count - 1] &+= 1
        XCTAssertThrowsError(try ImprovPacket.decode(bytes)) { error in
            guard case .checksumMismatch = error as? ImprovPacketError else { return XCTFail("\(error)") }
        }
        var wrongVersion = try ImprovPacket(type: .errorState, payload: []).encoded
        wrongVersion[6] = 2
        XCTAssertThrowsError(try ImprovPacket.decode(wrongVersion)) { error in
            XCTAssertEqual(error as? ImprovPacketError, .unsupportedVersion(2))
        }
        var unknownType = Array("IMPROV".utf8) + [1, 9, 0]
        unknownType.append(unknownType.reduce(0) { $0 &+ $1 })
        XCTAssertThrowsError(try ImprovPacket.decode(unknownType)) { error in
            XCTAssertEqual(error as? ImprovPacketError, .unknownType(9))
        }
    }
}
