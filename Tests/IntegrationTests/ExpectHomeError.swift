import HomeAPI
import XCTest

/// Fails unless `body` throws a ``HomeError`` with `code`; returns the error for further checks.
@discardableResult
func expectHomeError<T>(
    _ code: HomeErrorCode, file: StaticString = #filePath, line: UInt = #line, _ body: () async throws -> T
) async -> HomeError? {
    do {
        _ = try await body()
        XCTFail("expected a \(code.rawValue) error, but the call succeeded", file: file, line: line)
    } catch let error as HomeError {
        XCTAssertEqual(error.code, code, "\(error)", file: file, line: line)
        return error
    } catch {
        XCTFail("expected a \(code.rawValue) HomeError, got \(error)", file: file, line: line)
    }
    return nil
}
