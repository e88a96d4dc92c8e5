#ifndef ORDERS_CCURL_SHIM_H
#define ORDERS_CCURL_SHIM_H

// libcurl (Debian's libcurl4-openssl-dev), the shops' HTTP client. Swift cannot call C's
// variadic functions, so the few `curl_easy_setopt`/`curl_easy_getinfo` shapes orders uses
// are wrapped here, one per argument type.
#include <curl/curl.h>

typedef size_t (*orders_curl_data_callback)(char *data, size_t size, size_t count, void *user);

static inline CURLcode orders_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode orders_curl_set_text(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode orders_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode orders_curl_set_callback(CURL *handle, CURLoption option, orders_curl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode orders_curl_response_code(CURL *handle, long *code) {
    return curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, code);
}

#endif
