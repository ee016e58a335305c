#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

/* ZBar (libzbar0) finds QR codes in a picture, libpng (libpng16-16) reads the picture; both are
   loaded on first use rather than linked, so only `home matter commission --qr-image` needs them.
   The few types and prototypes used are declared here as ZBar 0.23 (zbar.h) and libpng 1.6's
   simplified API (png.h: png_image, version 1) define them. Every function is reached through
   hc_zbar(). */
typedef struct zbar_image_scanner_s zbar_image_scanner_t;
typedef struct zbar_image_s zbar_image_t;
typedef struct zbar_symbol_s zbar_symbol_t;

/* ZBAR_QRCODE; ZBAR_CFG_ENABLE; the Y800 (8-bit grey) fourcc. */
static const int hc_zbar_qrcode = 64;
static const int hc_zbar_config_enable = 0;
static const unsigned long hc_zbar_y800 = 0x30303859UL;

typedef struct {
    void *opaque;
    uint32_t version;
    uint32_t width;
    uint32_t height;
    uint32_t format;
    uint32_t flags;
    uint32_t colormap_entries;
    uint32_t warning_or_error;
    char message[64];
} hc_png_image;

/* PNG_IMAGE_VERSION; PNG_FORMAT_GRAY (8 bits a pixel). */
static const uint32_t hc_png_image_version = 1;
static const uint32_t hc_png_format_gray = 0;

struct hc_zbar_api {
    zbar_image_scanner_t * (*_Nonnull zbar_image_scanner_create)(void);
    void (*_Nonnull zbar_image_scanner_destroy)(zbar_image_scanner_t *scanner);
    int (*_Nonnull zbar_image_scanner_set_config)(zbar_image_scanner_t *scanner, int symbology, int config, int value);
    zbar_image_t * (*_Nonnull zbar_image_create)(void);
    void (*_Nonnull zbar_image_destroy)(zbar_image_t *image);
    void (*_Nonnull zbar_image_set_format)(zbar_image_t *image, unsigned long format);
    void (*_Nonnull zbar_image_set_size)(zbar_image_t *image, unsigned width, unsigned height);
    void (*_Nonnull zbar_image_set_data)(zbar_image_t *image, const void *data, unsigned long length, void *cleanup);
    int (*_Nonnull zbar_scan_image)(zbar_image_scanner_t *scanner, zbar_image_t *image);
    const zbar_symbol_t * (*_Nonnull zbar_image_first_symbol)(const zbar_image_t *image);
    const zbar_symbol_t * (*_Nonnull zbar_symbol_next)(const zbar_symbol_t *symbol);
    int (*_Nonnull zbar_symbol_get_type)(const zbar_symbol_t *symbol);
    const char * (*_Nonnull zbar_symbol_get_data)(const zbar_symbol_t *symbol);
    unsigned (*_Nonnull zbar_symbol_get_data_length)(const zbar_symbol_t *symbol);
    int (*_Nonnull png_image_begin_read_from_memory)(hc_png_image *image, const void *memory, size_t size);
    int (*_Nonnull png_image_finish_read)(hc_png_image *image, const void *background, void *buffer, int32_t row_stride, void *colormap);
    void (*_Nonnull png_image_free)(hc_png_image *image);
};

struct hc_zbar_state {
    struct hc_zbar_api api;
    const char *failure;
    pthread_once_t once;
};

static inline struct hc_zbar_state *hc_zbar_shared(void) {
    static struct hc_zbar_state state = { .failure = NULL, .once = PTHREAD_ONCE_INIT };
    return &state;
}

static inline void hc_zbar_load(void) {
    struct hc_zbar_state *state = hc_zbar_shared();
    void *zbar = dlopen("libzbar.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!zbar) {
        state->failure = "cannot load libzbar.so.0 (install libzbar0)";
        return;
    }
    void *png = dlopen("libpng16.so.16", RTLD_NOW | RTLD_LOCAL);
    if (!png) {
        state->failure = "cannot load libpng16.so.16 (install libpng16-16)";
        return;
    }
    void **slots = (void **)&state->api;
    static const char *const names[] = {
        "zbar_image_scanner_create", "zbar_image_scanner_destroy", "zbar_image_scanner_set_config", "zbar_image_create",
        "zbar_image_destroy", "zbar_image_set_format", "zbar_image_set_size", "zbar_image_set_data", "zbar_scan_image",
        "zbar_image_first_symbol", "zbar_symbol_next", "zbar_symbol_get_type", "zbar_symbol_get_data", "zbar_symbol_get_data_length",
        "png_image_begin_read_from_memory", "png_image_finish_read", "png_image_free",
    };
    _Static_assert(sizeof(names) / sizeof(names[0]) * sizeof(void *) == sizeof(struct hc_zbar_api), "one name per function");
    for (size_t index = 0; index < sizeof(names) / sizeof(names[0]); index++) {
        slots[index] = dlsym(index < 14 ? zbar : png, names[index]);
        if (!slots[index]) {
            state->failure = index < 14 ? "libzbar.so.0 lacks a function this program needs" : "libpng16.so.16 lacks a function this program needs";
            return;
        }
    }
}

/* The functions, or NULL with hc_zbar_failure() saying why they could not be loaded. */
static inline const struct hc_zbar_api *hc_zbar(void) {
    struct hc_zbar_state *state = hc_zbar_shared();
    pthread_once(&state->once, hc_zbar_load);
    return state->failure ? NULL : &state->api;
}

static inline const char *hc_zbar_failure(void) {
    return hc_zbar_shared()->failure;
}
