import FoundationEssentials
import Glibc

/// A serial port through termios: raw mode, the given speed, 8 data bits, no parity, one stop
/// bit, no flow control; reads wait with a timeout.
public final class SerialPort: @unchecked Sendable {
    public let path: String
    private var descriptor: Int32

    /// Opens `path` at `baud` (115200 by default, as ESPHome's Improv serial runs).
    public init(path: String, baud: Int = 115_200) throws(SerialPortError) {
        self.path = path
        descriptor = try Self.open(path, baud: baud)
    }

    deinit { Glibc.close(descriptor) }

    /// The bytes that arrive within `timeout` seconds (empty when none do); throws when the
    /// port went away.
    public func read(timeout: Double) throws(SerialPortError) -> [UInt8] {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(timeout * 1000))
        guard ready > 0 else {
            if ready < 0 && errno != EINTR { throw .gone(path, String(cString: strerror(errno))) }
            return []
        }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = Glibc.read(descriptor, &buffer, buffer.count)
        if count > 0 { return Array(buffer[..<count]) }
        if count < 0 && (errno == EAGAIN || errno == EINTR) { return [] }
        throw .gone(path, count == 0 ? "the port closed" : String(cString: strerror(errno)))
    }

    /// Writes every byte.
    public func write(_ bytes: [UInt8]) throws(SerialPortError) {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && (errno == EAGAIN || errno == EINTR) {
                var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&poller, 1, 1000)
                continue
            }
            guard count > 0 else { throw .gone(path, String(cString: strerror(errno))) }
            written += count
        }
    }

    /// Opens the port again after it went away (a device that reset or was plugged back in).
    public func reopen(baud: Int = 115_200) throws(SerialPortError) {
        Glibc.close(descriptor)
        descriptor = try Self.open(path, baud: baud)
    }

    private static func open(_ path: String, baud: Int) throws(SerialPortError) -> Int32 {
        let descriptor = Glibc.open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(path, String(cString: strerror(errno))) }
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0 else {
            Glibc.close(descriptor)
            throw .notASerialPort(path)
        }
        cfmakeraw(&settings)
        guard let speed = speeds[baud] else {
            Glibc.close(descriptor)
            throw .unsupportedSpeed(baud, speeds.keys.sorted())
        }
        cfsetispeed(&settings, speed)
        cfsetospeed(&settings, speed)
        settings.c_cflag &= ~(tcflag_t(PARENB) | tcflag_t(CSTOPB) | tcflag_t(CSIZE) | tcflag_t(CRTSCTS))
        settings.c_cflag |= tcflag_t(CS8) | tcflag_t(CLOCAL) | tcflag_t(CREAD)
        guard tcsetattr(descriptor, TCSANOW, &settings) == 0 else {
            Glibc.close(descriptor)
            throw .cannotOpen(path, "cannot set raw mode: \(String(cString: strerror(errno)))")
        }
        return descriptor
    }

    private static let speeds: [Int: speed_t] = [
        9_600: speed_t(B9600), 19_200: speed_t(B19200), 38_400: speed_t(B38400), 57_600: speed_t(B57600), 115_200: speed_t(B115200),
        230_400: speed_t(B230400), 460_800: speed_t(B460800), 921_600: speed_t(B921600),
    ]
}
