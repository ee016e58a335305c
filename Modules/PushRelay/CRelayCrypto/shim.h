#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/ecdsa.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/ssl.h>

/// The relay's TLS server settings, which OpenSSL offers only as macros: TLS 1.2 or later, no
/// renegotiation, the server's cipher order, writes that may be partial and may move (a
/// non-blocking socket), and buffers released while a connection is idle.
static inline int relay_tls_configure(SSL_CTX *context) {
    if (SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION) != 1) return 0;
    SSL_CTX_set_options(context, SSL_OP_NO_RENEGOTIATION | SSL_OP_CIPHER_SERVER_PREFERENCE);
    SSL_CTX_set_mode(context, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER | SSL_MODE_RELEASE_BUFFERS);
    return 1;
}

/// A TLS client to Redis: TLS 1.2 or later, writes that may be partial (a non-blocking socket).
static inline int relay_tls_client_configure(SSL_CTX *context) {
    if (SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION) != 1) return 0;
    SSL_CTX_set_mode(context, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
    return 1;
}

/// The server name sent in the handshake (SNI), a macro in OpenSSL.
static inline long relay_tls_set_server_name(SSL *ssl, const char *name) {
    return SSL_set_tlsext_host_name(ssl, name);
}
