#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/sha.h>
#include <openssl/x509v3.h>

/* SSL_set_tlsext_host_name is a macro, which Swift cannot call. */
static inline long hc_ssl_set_server_name(SSL *ssl, const char *name) {
    return SSL_set_tlsext_host_name(ssl, name);
}

/* Macros over SSL_ctrl, which Swift cannot call. */
static inline long hc_ssl_ctx_set_min_tls12(SSL_CTX *context) {
    return SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION);
}

static inline long hc_ssl_accept_moving_write_buffer(SSL *ssl) {
    return SSL_set_mode(ssl, SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
}
