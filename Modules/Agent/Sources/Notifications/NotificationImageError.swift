/// Why a notification's image was not downloaded.
struct NotificationImageError: Error, CustomStringConvertible {
    let description: String
}
