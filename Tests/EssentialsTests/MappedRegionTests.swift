import Essentials
import XCTest

final class MappedRegionTests: XCTestCase {
    func testReadsTheKernelsLines() throws {
        let code = try XCTUnwrap(MappedRegion(line: "7f634d400000-7f634d9d3000 r-xp 00000000 fe:00 2268                       /opt/swift/usr/lib/swift/linux/libswiftCore.so"))
        XCTAssertEqual(code, MappedRegion(line: "7f634d400000-7f634d9d3000 r-xp 00000000 fe:00 2268 /opt/swift/usr/lib/swift/linux/libswiftCore.so"))
        XCTAssertEqual(code.start, 0x7f63_4d40_0000)
        XCTAssertEqual(code.end, 0x7f63_4d9d_3000)
        XCTAssertEqual(code.path, "/opt/swift/usr/lib/swift/linux/libswiftCore.so")
        XCTAssertTrue(code.isFileCode)
        let spaced = try XCTUnwrap(MappedRegion(line: "1000-2000 r-xp 00000000 fe:00 7 /home/ada/my programs/home"))
        XCTAssertEqual(spaced.path, "/home/ada/my programs/home")
        let relocated = try XCTUnwrap(MappedRegion(line: "7f634d9d4000-7f634d9e9000 r--p 005d3000 fe:00 2268 /opt/swift/usr/lib/swift/linux/libswiftCore.so"))
        XCTAssertFalse(relocated.isFileCode, "read-only data may have been written while loading (relocations)")
        for line in ["7fff40634000-7fff40655000 rw-p 00000000 00:00 0 [stack]", "7fb99bdcd000-7fb99bdcf000 r-xp 00000000 00:00 0 [vdso]",
                     "55f9f84e7000-55f9f8537000 r-xp 00000000 00:00 0"] {
            let region = try XCTUnwrap(MappedRegion(line: Substring(line)), line)
            XCTAssertNil(region.path, line)
            XCTAssertFalse(region.isFileCode, line)
        }
    }

    func testRefusesTruncatedAndMalformedLines() {
        for line in ["", "7f63-7f64", "7f63-7f64 r-xp 0 fe:00", "7f63 r-xp 00000000 fe:00 1 /lib", "zz-7f64 r-xp 00000000 fe:00 1 /lib",
                     "7f64-7f63 r-xp 00000000 fe:00 1 /lib", "7f63-7f63 r-xp 00000000 fe:00 1 /lib", "7f63-7f64 r-x 00000000 fe:00 1 /lib",
                     "7f63-7f64-7f65 r-xp 00000000 fe:00 1 /lib", "ffffffffffffffffff-1 r-xp 00000000 fe:00 1 /lib"] {
            XCTAssertNil(MappedRegion(line: Substring(line)), line)
        }
        let long = "7f63-7f64 r-xp 00000000 fe:00 1 /" + String(repeating: "a", count: 100_000)
        XCTAssertEqual(MappedRegion(line: Substring(long))?.path?.utf8.count, 100_001)
    }
}
