#include <zlib.h>

/* inflateInit2 is a macro, which Swift cannot call. */
static inline int hc_inflate_init_raw(z_stream *stream) {
    return inflateInit2(stream, -15);
}

/* deflateInit2 is a macro, which Swift cannot call. */
static inline int hc_deflate_init_raw(z_stream *stream) {
    return deflateInit2(stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
}
