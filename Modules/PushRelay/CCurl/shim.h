#include <curl/curl.h>

typedef size_t (*hc_curl_sink)(char *data, size_t size, size_t count, void *context);

/* curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one POST with
   HTTP/2 over TLS (1.1 for plain http), peer and host verification left on (curl's default),
   an optional CA file, a time limit, and sinks for the body and the header lines. */
static inline CURLcode hc_curl_post(CURL *handle, const char *url, struct curl_slist *headers, const char *body, long length,
                                    const char *caFile, long timeoutMilliseconds, hc_curl_sink bodySink, hc_curl_sink headerSink,
                                    void *context) {
    curl_easy_reset(handle);
    curl_easy_setopt(handle, CURLOPT_URL, url);
    curl_easy_setopt(handle, CURLOPT_HTTP_VERSION, (long)CURL_HTTP_VERSION_2TLS);
    curl_easy_setopt(handle, CURLOPT_POST, 1L);
    curl_easy_setopt(handle, CURLOPT_POSTFIELDS, body);
    curl_easy_setopt(handle, CURLOPT_POSTFIELDSIZE, length);
    curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
    if (caFile) curl_easy_setopt(handle, CURLOPT_CAINFO, caFile);
    curl_easy_setopt(handle, CURLOPT_TIMEOUT_MS, timeoutMilliseconds);
    curl_easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, bodySink);
    curl_easy_setopt(handle, CURLOPT_WRITEDATA, context);
    curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, headerSink);
    curl_easy_setopt(handle, CURLOPT_HEADERDATA, context);
    return curl_easy_perform(handle);
}

static inline long hc_curl_status(CURL *handle) {
    long status = 0;
    curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &status);
    return status;
}

/* 3 for HTTP/2, 2 for 1.1 (CURL_HTTP_VERSION_*). */
static inline long hc_curl_http_version(CURL *handle) {
    long version = 0;
    curl_easy_getinfo(handle, CURLINFO_HTTP_VERSION, &version);
    return version;
}
