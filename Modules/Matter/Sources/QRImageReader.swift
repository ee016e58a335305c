import CZBar

/// The QR codes in a photo of a device's label: the PNG read to 8-bit grey by libpng, the codes
/// found by ZBar; both loaded on first use.
public enum QRImageReader {
    /// The largest file read, in bytes.
    public static let maximumFileSize = 32 << 20
    /// The largest picture read, in pixels (a 48-megapixel photo).
    public static let maximumPixels = 48_000_000

    /// The text of every QR code in `png`, in the order ZBar finds them.
    public static func codes(inPNG png: [UInt8]) throws(QRImageError) -> [String] {
        guard png.count <= maximumFileSize else { throw .tooLarge("\(png.count) bytes; at most \(maximumFileSize) are read") }
        guard let api = hc_zbar() else { throw .libraryMissing(hc_zbar_failure().map { String(cString: $0) } ?? "ZBar could not be loaded") }
        var image = hc_png_image()
        image.version = hc_png_image_version
        guard png.withUnsafeBytes({ api.pointee.png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }) != 0 else {
            throw .notAPicture(Self.message(of: &image))
        }
        defer { api.pointee.png_image_free(&image) }
        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0, width * height <= maximumPixels else {
            throw .tooLarge("\(width)×\(height) pixels; at most \(maximumPixels) are read")
        }
        image.format = hc_png_format_gray
        var pixels = [UInt8](repeating: 0, count: width * height)
        guard pixels.withUnsafeMutableBytes({ api.pointee.png_image_finish_read(&image, nil, $0.baseAddress, Int32(width), nil) }) != 0 else {
            throw .notAPicture(Self.message(of: &image))
        }
        guard let scanner = api.pointee.zbar_image_scanner_create() else { throw .libraryMissing("ZBar could not make a scanner") }
        defer { api.pointee.zbar_image_scanner_destroy(scanner) }
        _ = api.pointee.zbar_image_scanner_set_config(scanner, 0, hc_zbar_config_enable, 0)
        _ = api.pointee.zbar_image_scanner_set_config(scanner, hc_zbar_qrcode, hc_zbar_config_enable, 1)
        guard let picture = api.pointee.zbar_image_create() else { throw .libraryMissing("ZBar could not make an image") }
        defer { api.pointee.zbar_image_destroy(picture) }
        return pixels.withUnsafeBytes { bytes -> [String] in
            api.pointee.zbar_image_set_format(picture, hc_zbar_y800)
            api.pointee.zbar_image_set_size(picture, UInt32(width), UInt32(height))
            api.pointee.zbar_image_set_data(picture, bytes.baseAddress, UInt(bytes.count), nil)
            guard api.pointee.zbar_scan_image(scanner, picture) > 0 else { return [] }
            var codes: [String] = []
            var symbol = api.pointee.zbar_image_first_symbol(picture)
            while let current = symbol {
                if api.pointee.zbar_symbol_get_type(current) == hc_zbar_qrcode, let data = api.pointee.zbar_symbol_get_data(current) {
                    let length = Int(api.pointee.zbar_symbol_get_data_length(current))
                    codes.append(String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self))
                }
                symbol = api.pointee.zbar_symbol_next(current)
            }
            // ZBar keeps no pointer to the pixels past the scan; the data is dropped before they go.
            api.pointee.zbar_image_set_data(picture, nil, 0, nil)
            return codes
        }
    }

    private static func message(of image: inout hc_png_image) -> String {
        withUnsafeBytes(of: &image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
