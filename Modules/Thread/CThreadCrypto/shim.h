#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <openssl/evp.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

/* libcrypto is loaded on first use rather than linked: only a PSKc needs it, and linking it
   costs every process that carries the Thread module (the `home` binary) about 1.4 MiB of
   resident memory, PSKc or not. */
struct thread_crypto_api {
    __typeof__(EVP_MAC_fetch) *_Nonnull mac_fetch;
    __typeof__(EVP_MAC_free) *_Nonnull mac_free;
    __typeof__(EVP_MAC_CTX_new) *_Nonnull mac_context_new;
    __typeof__(EVP_MAC_CTX_free) *_Nonnull mac_context_free;
    __typeof__(EVP_MAC_init) *_Nonnull mac_init;
    __typeof__(EVP_MAC_update) *_Nonnull mac_update;
    __typeof__(EVP_MAC_final) *_Nonnull mac_final;
    __typeof__(OSSL_PARAM_construct_utf8_string) *_Nonnull param_utf8_string;
    __typeof__(OSSL_PARAM_construct_end) *_Nonnull param_end;
};

struct thread_crypto_state {
    struct thread_crypto_api api;
    const char *failure;
    pthread_once_t once;
};

static inline struct thread_crypto_state *thread_crypto_shared(void) {
    static struct thread_crypto_state state = { .failure = NULL, .once = PTHREAD_ONCE_INIT };
    return &state;
}

static inline void thread_crypto_load(void) {
    struct thread_crypto_state *state = thread_crypto_shared();
    void *library = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        state->failure = "cannot load libcrypto.so.3 (install libssl3)";
        return;
    }
    void **slots = (void **)&state->api;
    static const char *const names[] = {
        "EVP_MAC_fetch", "EVP_MAC_free", "EVP_MAC_CTX_new", "EVP_MAC_CTX_free", "EVP_MAC_init", "EVP_MAC_update",
        "EVP_MAC_final", "OSSL_PARAM_construct_utf8_string", "OSSL_PARAM_construct_end",
    };
    _Static_assert(sizeof(names) / sizeof(names[0]) * sizeof(void *) == sizeof(struct thread_crypto_api), "one name per function");
    for (size_t index = 0; index < sizeof(names) / sizeof(names[0]); index++) {
        slots[index] = dlsym(library, names[index]);
        if (!slots[index]) {
            state->failure = "libcrypto.so.3 lacks a function AES-CMAC needs";
            return;
        }
    }
}

/* Why libcrypto could not be loaded, or NULL once it is. */
static inline const char *thread_crypto_failure(void) {
    struct thread_crypto_state *state = thread_crypto_shared();
    pthread_once(&state->once, thread_crypto_load);
    return state->failure;
}

/* AES-CMAC-128 (RFC 4493) of `length` bytes with a 16-byte key, through OpenSSL 3's EVP_MAC;
   writes 16 bytes to `out`. Returns 1 on success, 0 on failure (thread_crypto_failure() says
   whether libcrypto is missing). */
static inline int thread_aes_cmac(const unsigned char *key, const unsigned char *data, size_t length, unsigned char *out) {
    if (thread_crypto_failure() != NULL) return 0;
    const struct thread_crypto_api *crypto = &thread_crypto_shared()->api;
    EVP_MAC *mac = crypto->mac_fetch(NULL, "CMAC", NULL);
    if (mac == NULL) return 0;
    EVP_MAC_CTX *context = crypto->mac_context_new(mac);
    char cipher[] = "AES-128-CBC";
    OSSL_PARAM parameters[] = { crypto->param_utf8_string(OSSL_MAC_PARAM_CIPHER, cipher, 0), crypto->param_end() };
    size_t written = 0;
    int ok = context != NULL && crypto->mac_init(context, key, 16, parameters) == 1 && crypto->mac_update(context, data, length) == 1
        && crypto->mac_final(context, out, &written, 16) == 1 && written == 16;
    crypto->mac_context_free(context);
    crypto->mac_free(mac);
    return ok;
}
