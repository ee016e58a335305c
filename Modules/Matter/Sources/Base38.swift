/// Base38 as Matter's QR codes use it: three bytes (read little-endian) become five characters,
/// two bytes four, a last single byte two; each character is a digit of the value in base 38,
/// least significant first, from `0-9`, `A-Z`, `-` and `.`.
public enum Base38 {
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-.".utf8)
    /// Characters for a chunk of one, two and three bytes.
    static let charactersPerChunk = [0, 2, 4, 5]

    /// The characters of `bytes`.
    public static func encode(_ bytes: [UInt8]) -> String {
        var characters: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = min(3, bytes.count - index)
            var value = 0
            for offset in 0..<chunk { value |= Int(bytes[index + offset]) << (8 * offset) }
            for _ in 0..<charactersPerChunk[chunk] {
                characters.append(alphabet[value % 38])
                value /= 38
            }
            index += chunk
        }
        return String(decoding: characters, as: UTF8.self)
    }

    /// The bytes of `text`; refuses a character outside the alphabet, a length no chunking gives
    /// (one or three characters left over), and a chunk whose value does not fit its bytes.
    public static func decode(_ text: String) throws(SetupPayloadError) -> [UInt8] {
        let characters = Array(text.utf8)
        var bytes: [UInt8] = []
        var index = 0
        while index < characters.count {
            let count = min(5, characters.count - index)
            guard let chunk = charactersPerChunk.firstIndex(of: count) else {
                throw .invalidBase38("\(characters.count) characters cannot be base38 (a chunk of \(count) is left)")
            }
            var value = 0
            for offset in (0..<count).reversed() {
                guard let digit = alphabet.firstIndex(of: characters[index + offset]) else {
                    throw .invalidBase38("'\(String(decoding: [characters[index + offset]], as: UTF8.self))' at \(index + offset + 1) is not a base38 character")
                }
                value = value * 38 + digit
            }
            guard value < 1 << (8 * chunk) else { throw .invalidBase38("the chunk at \(index + 1) is larger than \(chunk) bytes hold") }
            for offset in 0..<chunk { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * offset))) }
            index += count
        }
        return bytes
    }
}
