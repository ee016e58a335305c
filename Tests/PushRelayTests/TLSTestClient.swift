import CRelayCrypto
import Foundation

/// A TLS client on a blocking loopback socket that trusts only the CA file it is given and
/// checks the certificate names 127.0.0.1: enough to hold one connection across a certificate
/// reload and to tell which certificate a server presents.
final class TLSTestClient {
    private let descriptor: Int32
    private let context: OpaquePointer
    private let ssl: OpaquePointer

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Connects and completes the handshake, at most TLS `maximumVersion` when given (such as
    /// `TLS1_1_VERSION`); throws when the handshake or the certificate check fails.
    init(port: Int, trusting caFile: String, maximumVersion: Int32? = nil) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        let context = SSL_CTX_new(TLS_client_method())!
        self.context = context
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        SSL_CTX_load_verify_locations(context, caFile, nil)
        if let maximumVersion {
            // Let this client offer old versions (Debian's default security level refuses them).
            SSL_CTX_set_cipher_list(context, "DEFAULT:@SECLEVEL=0")
            SSL_CTX_ctrl(context, SSL_CTRL_SET_MIN_PROTO_VERSION, Int(TLS1_VERSION), nil)
            SSL_CTX_ctrl(context, SSL_CTRL_SET_MAX_PROTO_VERSION, Int(maximumVersion), nil)
        }
        let ssl = SSL_new(context)!
        self.ssl = ssl
        X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), "127.0.0.1")
        SSL_set_fd(ssl, descriptor)
        guard connected == 0 else { throw Failure(description: "cannot connect to port \(port)") }
        guard SSL_connect(ssl) == 1 else {
            let code = ERR_get_error()
            ERR_clear_error()
            var text = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &text, text.count)
            throw Failure(description: "handshake failed: \(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)) (verify result \(SSL_get_verify_result(ssl)))")
        }
    }

    deinit {
        SSL_free(ssl)
        SSL_CTX_free(context)
        close(descriptor)
    }

    /// The negotiated protocol, such as `TLSv1.3`.
    var version: String { String(cString: SSL_get_version(ssl)) }

    /// Sends `request` and reads until `marker` arrives or the server closes (5 s at most per read).
    func exchange(_ request: String, until marker: String) -> String {
        let bytes = Array(request.utf8)
        _ = bytes.withUnsafeBytes { SSL_write(ssl, $0.baseAddress, Int32($0.count)) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !String(decoding: received, as: UTF8.self).contains(marker) {
            let count = buffer.withUnsafeMutableBytes { SSL_read(ssl, $0.baseAddress, Int32($0.count)) }
            guard count > 0 else { break }
            received += buffer[..<Int(count)]
        }
        return String(decoding: received, as: UTF8.self)
    }
}
