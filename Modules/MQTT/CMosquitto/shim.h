#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <mosquitto.h>

/* libmosquitto is loaded on first use rather than linked: only `home agent` with the mqtt
   plugin talks to a broker, and linking it would load libmosquitto and, through it, libssl and
   libcrypto into every `home` process (about 2 MiB resident). mosquitto.h is read for its
   types; every function is called through hc_mosquitto(). */
struct hc_mosquitto_api {
    __typeof__(mosquitto_lib_init) *_Nonnull lib_init;
    __typeof__(mosquitto_new) *_Nonnull new;
    __typeof__(mosquitto_destroy) *_Nonnull destroy;
    __typeof__(mosquitto_user_data_set) *_Nonnull user_data_set;
    __typeof__(mosquitto_will_set) *_Nonnull will_set;
    __typeof__(mosquitto_username_pw_set) *_Nonnull username_pw_set;
    __typeof__(mosquitto_tls_set) *_Nonnull tls_set;
    __typeof__(mosquitto_reconnect_delay_set) *_Nonnull reconnect_delay_set;
    __typeof__(mosquitto_connect_async) *_Nonnull connect_async;
    __typeof__(mosquitto_disconnect) *_Nonnull disconnect;
    __typeof__(mosquitto_loop_start) *_Nonnull loop_start;
    __typeof__(mosquitto_loop_stop) *_Nonnull loop_stop;
    __typeof__(mosquitto_publish) *_Nonnull publish;
    __typeof__(mosquitto_subscribe) *_Nonnull subscribe;
    __typeof__(mosquitto_int_option) *_Nonnull int_option;
    __typeof__(mosquitto_connect_callback_set) *_Nonnull connect_callback_set;
    __typeof__(mosquitto_disconnect_callback_set) *_Nonnull disconnect_callback_set;
    __typeof__(mosquitto_message_callback_set) *_Nonnull message_callback_set;
    __typeof__(mosquitto_strerror) *_Nonnull strerror;
    __typeof__(mosquitto_connack_string) *_Nonnull connack_string;
};

struct hc_mosquitto_state {
    struct hc_mosquitto_api api;
    const char *failure;
    pthread_once_t once;
};

static inline struct hc_mosquitto_state *hc_mosquitto_shared(void) {
    static struct hc_mosquitto_state state = { .failure = NULL, .once = PTHREAD_ONCE_INIT };
    return &state;
}

static inline void hc_mosquitto_load(void) {
    struct hc_mosquitto_state *state = hc_mosquitto_shared();
    void *library = dlopen("libmosquitto.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        state->failure = "cannot load libmosquitto.so.1 (install libmosquitto1)";
        return;
    }
    void **slots = (void **)&state->api;
    static const char *const names[] = {
        "mosquitto_lib_init", "mosquitto_new", "mosquitto_destroy", "mosquitto_user_data_set", "mosquitto_will_set", "mosquitto_username_pw_set",
        "mosquitto_tls_set", "mosquitto_reconnect_delay_set", "mosquitto_connect_async", "mosquitto_disconnect",
        "mosquitto_loop_start", "mosquitto_loop_stop", "mosquitto_publish", "mosquitto_subscribe",
        "mosquitto_int_option", "mosquitto_connect_callback_set", "mosquitto_disconnect_callback_set",
        "mosquitto_message_callback_set", "mosquitto_strerror", "mosquitto_connack_string",
    };
    _Static_assert(sizeof(names) / sizeof(names[0]) * sizeof(void *) == sizeof(struct hc_mosquitto_api), "one name per function");
    for (size_t index = 0; index < sizeof(names) / sizeof(names[0]); index++) {
        slots[index] = dlsym(library, names[index]);
        if (!slots[index]) {
            state->failure = "libmosquitto.so.1 lacks a function this client needs";
            return;
        }
    }
    state->api.lib_init();
}

/* libmosquitto's functions (the library initialised), or NULL with hc_mosquitto_failure() saying why. */
static inline const struct hc_mosquitto_api *hc_mosquitto(void) {
    struct hc_mosquitto_state *state = hc_mosquitto_shared();
    pthread_once(&state->once, hc_mosquitto_load);
    return state->failure ? NULL : &state->api;
}

static inline const char *hc_mosquitto_failure(void) {
    return hc_mosquitto() ? NULL : hc_mosquitto_shared()->failure;
}
