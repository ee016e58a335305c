#include <openssl/evp.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <string.h>

/* AES-CMAC-128 (RFC 4493) of `length` bytes with a 16-byte key, through OpenSSL 3's EVP_MAC;
   writes 16 bytes to `out`. Returns 1 on success, 0 on failure. */
static inline int thread_aes_cmac(const unsigned char *key, const unsigned char *data, size_t length, unsigned char *out) {
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "CMAC", NULL);
    if (mac == NULL) return 0;
    EVP_MAC_CTX *context = EVP_MAC_CTX_new(mac);
    char cipher[] = "AES-128-CBC";
    OSSL_PARAM parameters[] = { OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, cipher, 0), OSSL_PARAM_construct_end() };
    size_t written = 0;
    int ok = context != NULL && EVP_MAC_init(context, key, 16, parameters) == 1 && EVP_MAC_update(context, data, length) == 1
        && EVP_MAC_final(context, out, &written, 16) == 1 && written == 16;
    EVP_MAC_CTX_free(context);
    EVP_MAC_free(mac);
    return ok;
}
