#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/x509v3.h>

/* OpenSSL is loaded on first use rather than linked: only an https:// or wss:// server needs
   it, and merely linking libssl and libcrypto costs a process about 1.7 MiB of resident memory
   (their relocations), which a plain-HTTP daemon such as the agent would carry for nothing.
   hc_tls() returns the functions TLSStream uses, or NULL with hc_tls_error() saying why. */
struct hc_tls_api {
    const SSL_METHOD *(* _Nonnull TLS_client_method)(void);
    SSL_CTX *(* _Nonnull SSL_CTX_new)(const SSL_METHOD *method);
    void (* _Nonnull SSL_CTX_free)(SSL_CTX *context);
    void (* _Nonnull SSL_CTX_set_verify)(SSL_CTX *context, int mode, SSL_verify_cb callback);
    long (* _Nonnull SSL_CTX_ctrl)(SSL_CTX *context, int command, long larg, void *parg);
    int (* _Nonnull SSL_CTX_load_verify_locations)(SSL_CTX *context, const char *file, const char *path);
    int (* _Nonnull SSL_CTX_set_default_verify_paths)(SSL_CTX *context);
    SSL *(* _Nonnull SSL_new)(SSL_CTX *context);
    void (* _Nonnull SSL_free)(SSL *ssl);
    long (* _Nonnull SSL_ctrl)(SSL *ssl, int command, long larg, void *parg);
    int (* _Nonnull SSL_set_fd)(SSL *ssl, int descriptor);
    X509_VERIFY_PARAM *(*SSL_get0_param)(SSL *ssl);
    int (* _Nonnull X509_VERIFY_PARAM_set1_ip_asc)(X509_VERIFY_PARAM *parameters, const char *address);
    int (* _Nonnull SSL_set1_host)(SSL *ssl, const char *host);
    int (* _Nonnull SSL_connect)(SSL *ssl);
    long (* _Nonnull SSL_get_verify_result)(const SSL *ssl);
    const char *(* _Nonnull X509_verify_cert_error_string)(long code);
    int (* _Nonnull SSL_read)(SSL *ssl, void *buffer, int count);
    int (* _Nonnull SSL_write)(SSL *ssl, const void *buffer, int count);
    int (* _Nonnull SSL_get_error)(const SSL *ssl, int result);
    int (* _Nonnull SSL_shutdown)(SSL *ssl);
    unsigned long (* _Nonnull ERR_get_error)(void);
    void (* _Nonnull ERR_error_string_n)(unsigned long code, char *buffer, size_t length);
};

/* The loaded functions and why loading failed; kept in a function's static (Swift imports
   inline functions, not a header's static variables). */
struct hc_tls_state {
    struct hc_tls_api api;
    const char *failure;
    pthread_once_t once;
};

static inline struct hc_tls_state *hc_tls_shared(void) {
    static struct hc_tls_state state = { .failure = NULL, .once = PTHREAD_ONCE_INIT };
    return &state;
}

static inline void hc_tls_load(void) {
    struct hc_tls_state *state = hc_tls_shared();
    void *library = dlopen("libssl.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        state->failure = "cannot load libssl.so.3 (install libssl3)";
        return;
    }
    void **slots = (void **)&state->api;
    static const char *const names[] = {
        "TLS_client_method", "SSL_CTX_new", "SSL_CTX_free", "SSL_CTX_set_verify", "SSL_CTX_ctrl",
        "SSL_CTX_load_verify_locations", "SSL_CTX_set_default_verify_paths", "SSL_new", "SSL_free", "SSL_ctrl",
        "SSL_set_fd", "SSL_get0_param", "X509_VERIFY_PARAM_set1_ip_asc", "SSL_set1_host", "SSL_connect",
        "SSL_get_verify_result", "X509_verify_cert_error_string", "SSL_read", "SSL_write", "SSL_get_error",
        "SSL_shutdown", "ERR_get_error", "ERR_error_string_n",
    };
    _Static_assert(sizeof(names) / sizeof(names[0]) * sizeof(void *) == sizeof(struct hc_tls_api), "one name per function");
    for (size_t index = 0; index < sizeof(names) / sizeof(names[0]); index++) {
        slots[index] = dlsym(library, names[index]);
        if (!slots[index]) {
            state->failure = "libssl.so.3 lacks a function TLS needs";
            return;
        }
    }
}

static inline const struct hc_tls_api *hc_tls(void) {
    struct hc_tls_state *state = hc_tls_shared();
    pthread_once(&state->once, hc_tls_load);
    return state->failure ? NULL : &state->api;
}

static inline const char *hc_tls_error(void) {
    const char *failure = hc_tls_shared()->failure;
    return failure ? failure : "no error";
}

/* Macros over SSL_ctrl and SSL_CTX_ctrl, which Swift cannot call. */
static inline long hc_ssl_set_server_name(const struct hc_tls_api *api, SSL *ssl, const char *name) {
    return api->SSL_ctrl(ssl, SSL_CTRL_SET_TLSEXT_HOSTNAME, TLSEXT_NAMETYPE_host_name, (void *)name);
}

static inline long hc_ssl_ctx_set_min_tls12(const struct hc_tls_api *api, SSL_CTX *context) {
    return api->SSL_CTX_ctrl(context, SSL_CTRL_SET_MIN_PROTO_VERSION, TLS1_2_VERSION, NULL);
}

static inline long hc_ssl_accept_moving_write_buffer(const struct hc_tls_api *api, SSL *ssl) {
    return api->SSL_ctrl(ssl, SSL_CTRL_MODE, SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER, NULL);
}
