/// Why no setup code could be read from a picture.
public enum QRImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// ZBar or libpng could not be loaded.
    case libraryMissing(String)
    /// The file is larger than ``QRImageReader/maximumFileSize`` bytes, or its picture than ``QRImageReader/maximumPixels``.
    case tooLarge(String)
    /// The file is not a PNG libpng reads.
    case notAPicture(String)
    /// No QR code was found in the picture.
    case noCode

    public var description: String {
        switch self {
        case .libraryMissing(let why): "QR codes cannot be read from pictures here: \(why)"
        case .tooLarge(let what): "the picture is too large: \(what)"
        case .notAPicture(let why): "the file is not a PNG picture: \(why)"
        case .noCode: "no QR code was found in the picture: take it closer, straight on and sharp, or type the code"
        }
    }
}
