import XCTest
@testable import PushRelay

/// A token key as two words: equal exactly when the texts are, for every 22-character key the
/// relay makes and for any other string (which it keeps as text).
final class TokenKeyTests: XCTestCase {
    private let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    func testDigestsOfManyTokensAreEqualExactlyWhenTheirTextsAre() {
        let texts = (0..<20_000).map { SecretDigest.key("hcp_\($0)") }
        let keys = Set(texts.map(TokenKey.init))
        XCTAssertEqual(keys.count, Set(texts).count)
        for text in texts.prefix(1_000) {
            XCTAssertTrue(keys.contains(TokenKey(text)))
            XCTAssertEqual(TokenKey(text), TokenKey(String(decoding: Array(text.utf8), as: UTF8.self)), "a copy of the text is the same key")
        }
    }

    /// A key gives back the text it was made from: a digest's characters written from its bits,
    /// any other string as it was.
    func testAKeyGivesBackItsText() {
        let texts = (0..<5_000).map { SecretDigest.key("hcp_\($0)") } + ["AAAAAAAAAAAAAAAAAAAAAA", "__________________________".prefix(21) + "w"]
        for text in texts { XCTAssertEqual(TokenKey(text).text, text) }
        let key = SecretDigest.key("abc")
        for other in ["", "token-7", String(key.dropLast()), key + "A", String(key.dropLast()) + "B", String(key.dropLast()) + "é"] {
            XCTAssertEqual(TokenKey(other).text, other)
        }
    }

    /// Every character of a canonical key counts: changing any one, to any other character that
    /// keeps the key canonical, makes another key.
    func testEveryCharacterOfACanonicalKeyCounts() {
        let base = Array(SecretDigest.key("abc"))
        let original = TokenKey(String(base))
        for position in 0..<22 {
            let choices = position == 21 ? Array("AQgw") : alphabet
            for character in choices where character != base[position] {
                var changed = base
                changed[position] = character
                XCTAssertNotEqual(TokenKey(String(changed)), original, "\(String(changed)) against \(String(base))")
            }
        }
    }

    /// The last character carries two bits; one with any of its four other bits set is not a key
    /// the relay makes, and is kept as text, never taken for the key those two bits make.
    func testALastCharacterWithUnusedBitsIsKeptApart() {
        let canonical = "AAAAAAAAAAAAAAAAAAAAAA"
        for last in "BCDEFGHIJKLMNOP" {
            let other = String(canonical.dropLast()) + String(last)
            XCTAssertNotEqual(TokenKey(other), TokenKey(canonical), other)
            XCTAssertEqual(TokenKey(other), TokenKey(other))
        }
    }

    /// Truncated, oversized and malformed keys (padding, the other base64 alphabet, bytes
    /// outside ASCII, nothing at all) are kept as text: equal to themselves, to nothing else.
    func testOtherStringsCompareAsText() {
        let key = SecretDigest.key("abc")
        let others = [
            String(key.dropLast()), key + "A", key + "==", key.replacingOccurrences(of: "-", with: "+"),
            String(key.dropLast()) + "é", "", "token", String(repeating: "A", count: 4_096),
        ]
        XCTAssertEqual(Set(others.map(TokenKey.init)).count, others.count)
        for other in others {
            XCTAssertEqual(TokenKey(other), TokenKey(other))
            XCTAssertNotEqual(TokenKey(other), TokenKey(key))
            XCTAssertEqual(TokenKey(other).hashValue, TokenKey(other).hashValue)
        }
    }

    /// Keys sort as a strict total order (digests before other strings, those by text), and a
    /// run of digests next to each other in that order shares its leading character, so a slice of
    /// a sorted round stays in one or two stretches of a table ordered by text.
    func testKeysSortInAnOrderThatKeepsRunsTogetherInTheTextsOrder() {
        let texts = (0..<12_000).map { SecretDigest.key("hcp_\($0)") } + ["token", "", "zzz"]
        let sorted = texts.map { (key: TokenKey($0), text: $0) }.sorted { $0.key < $1.key }
        for (left, right) in zip(sorted, sorted.dropFirst()) {
            XCTAssertTrue(left.key < right.key)
            XCTAssertFalse(right.key < left.key)
        }
        XCTAssertEqual(sorted.suffix(3).map(\.text), ["", "token", "zzz"], "other strings last, by text")
        let digests = sorted.dropLast(3)
        var stretches = 0
        for start in stride(from: digests.startIndex, to: digests.endIndex, by: 256) {
            let slice = digests[start..<min(start + 256, digests.endIndex)]
            stretches = max(stretches, Set(slice.map(\.text.first)).count)
        }
        XCTAssertLessThanOrEqual(stretches, 3, "a slice of 256 spans at most a few leading characters")
    }
}
