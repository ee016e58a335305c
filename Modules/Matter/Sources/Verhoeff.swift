/// The Verhoeff check digit Matter's manual pairing codes end with: it catches every single-digit
/// error and every swap of two neighbouring digits.
public enum Verhoeff {
    private static let multiplication: [[Int]] = [
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 0, 6, 7, 8, 9, 5], [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
        [3, 4, 0, 1, 2, 8, 9, 5, 6, 7], [4, 0, 1, 2, 3, 9, 5, 6, 7, 8], [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
        [6, 5, 9, 8, 7, 1, 0, 4, 3, 2], [7, 6, 5, 9, 8, 2, 1, 0, 4, 3], [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
        [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
    ]
    private static let permutation: [[Int]] = [
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 5, 7, 6, 2, 8, 3, 0, 9, 4], [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
        [8, 9, 1, 6, 0, 4, 3, 5, 2, 7], [9, 4, 5, 3, 1, 2, 6, 8, 7, 0], [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
        [2, 7, 9, 3, 8, 0, 6, 4, 1, 5], [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
    ]
    private static let inverse = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9]

    /// The check digit of `digits` (each 0 to 9).
    public static func checkDigit(of digits: [Int]) -> Int {
        var check = 0
        for (position, digit) in digits.reversed().enumerated() {
            check = multiplication[check][permutation[(position + 1) % 8][digit]]
        }
        return inverse[check]
    }

    /// Whether the last of `digits` is the check digit of the others.
    public static func isValid(_ digits: [Int]) -> Bool {
        guard let last = digits.last else { return false }
        return checkDigit(of: Array(digits.dropLast())) == last
    }
}
