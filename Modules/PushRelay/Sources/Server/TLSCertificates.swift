import CRelayCrypto
import Foundation

/// The relay's certificate and key, loaded from PEM files into an OpenSSL server context (TLS
/// 1.2 or later, no renegotiation) and loaded again on demand, such as on SIGHUP after an ACME
/// client renewed them: new connections get the new context, open ones keep theirs (OpenSSL
/// counts its references). A reload that fails keeps the certificate in use.
public final class TLSCertificates: @unchecked Sendable {
    /// The PEM certificate chain file.
    public let certificateFile: String
    /// The PEM private key file.
    public let keyFile: String
    // Guarded by `lock`.
    private var context: OpaquePointer
    private let lock = NSLock()

    /// Loads and checks the certificate and key; refuses a key readable by every user or one that does not match.
    public init(certificateFile: String, keyFile: String) throws(HTTPServerError) {
        self.certificateFile = certificateFile
        self.keyFile = keyFile
        context = try Self.load(certificateFile: certificateFile, keyFile: keyFile)
    }

    deinit { SSL_CTX_free(context) }

    /// Reads the files again; on failure the certificate in use stays.
    public func reload() throws(HTTPServerError) {
        let fresh = try Self.load(certificateFile: certificateFile, keyFile: keyFile)
        let old = lock.withLock { () -> OpaquePointer in
            defer { context = fresh }
            return context
        }
        SSL_CTX_free(old)
    }

    /// A session for a newly accepted socket, with the current certificate.
    func session(for socket: Int32) -> TLSSession? {
        lock.withLock { TLSSession(context: context, socket: socket) }
    }

    private static func load(certificateFile: String, keyFile: String) throws(HTTPServerError) -> OpaquePointer {
        var status = stat()
        guard stat(keyFile, &status) == 0 else { throw HTTPServerError(message: "the TLS key \(keyFile) cannot be read: \(String(cString: strerror(errno)))") }
        guard status.st_mode & 0o004 == 0 else {
            throw HTTPServerError(message: "the TLS key \(keyFile) is readable by every user; make it 0600 (or 0640 for a group)")
        }
        guard let context = SSL_CTX_new(TLS_server_method()) else { throw HTTPServerError(message: "cannot make a TLS context: \(openSSLError())") }
        guard relay_tls_configure(context) == 1,
              SSL_CTX_use_certificate_chain_file(context, certificateFile) == 1 else {
            let reason = openSSLError()
            SSL_CTX_free(context)
            throw HTTPServerError(message: "the TLS certificate \(certificateFile) cannot be used: \(reason)")
        }
        guard SSL_CTX_use_PrivateKey_file(context, keyFile, SSL_FILETYPE_PEM) == 1, SSL_CTX_check_private_key(context) == 1 else {
            let reason = openSSLError()
            SSL_CTX_free(context)
            throw HTTPServerError(message: "the TLS key \(keyFile) cannot be used with \(certificateFile): \(reason)")
        }
        return context
    }

    /// OpenSSL's oldest queued error as text (the queue is cleared).
    private static func openSSLError() -> String {
        let code = ERR_get_error()
        ERR_clear_error()
        guard code != 0 else { return "unknown error" }
        var text = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &text, text.count)
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
