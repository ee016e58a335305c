#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

/* libdbus is loaded on first use rather than linked: only a process that talks to a bus
   (BlueZ for Improv, the desktop's notification server) needs it, and linking it costs every
   `home` process about 0.8 MiB of resident memory for libdbus and what it brings (libsystemd,
   libgcrypt, the compressors). Linking would also come with dbus-1's pkg-config flags, which
   add -ldbus-1 whatever the module map says, so the few types and prototypes used are
   declared here, as libdbus 1.x defines them (its ABI has been stable since 1.0; see
   dbus-errors.h, dbus-message.h, dbus-shared.h, dbus-protocol.h). Every function is reached
   through hc_dbus(). */
typedef uint32_t dbus_bool_t;
typedef uint32_t dbus_uint32_t;
typedef struct DBusConnection DBusConnection;
typedef struct DBusMessage DBusMessage;

typedef struct DBusError {
    const char *name;
    const char *message;
    unsigned int dummy1 : 1;
    unsigned int dummy2 : 1;
    unsigned int dummy3 : 1;
    unsigned int dummy4 : 1;
    unsigned int dummy5 : 1;
    void *padding1;
} DBusError;

typedef struct DBusMessageIter {
    void *dummy1;
    void *dummy2;
    dbus_uint32_t dummy3;
    int dummy4, dummy5, dummy6, dummy7, dummy8, dummy9, dummy10, dummy11;
    int pad1;
    void *pad2;
    void *pad3;
} DBusMessageIter;

typedef enum { DBUS_BUS_SESSION, DBUS_BUS_SYSTEM, DBUS_BUS_STARTER } DBusBusType;

#define DBUS_MESSAGE_TYPE_METHOD_CALL 1
#define DBUS_MESSAGE_TYPE_SIGNAL 4

struct hc_dbus_api {
    DBusConnection * (*_Nonnull bus_get_private)(DBusBusType type, DBusError *error);
    const char * (*_Nonnull bus_get_unique_name)(DBusConnection *connection);
    dbus_bool_t (*_Nonnull bus_register)(DBusConnection *connection, DBusError *error);
    void (*_Nonnull connection_close)(DBusConnection *connection);
    void (*_Nonnull connection_flush)(DBusConnection *connection);
    dbus_bool_t (*_Nonnull connection_get_is_connected)(DBusConnection *connection);
    DBusConnection * (*_Nonnull connection_open_private)(const char *address, DBusError *error);
    DBusMessage * (*_Nonnull connection_pop_message)(DBusConnection *connection);
    dbus_bool_t (*_Nonnull connection_read_write)(DBusConnection *connection, int timeout_milliseconds);
    dbus_bool_t (*_Nonnull connection_send)(DBusConnection *connection, DBusMessage *message, dbus_uint32_t *client_serial);
    DBusMessage * (*_Nonnull connection_send_with_reply_and_block)(DBusConnection *connection, DBusMessage *message, int timeout_milliseconds, DBusError *error);
    void (*_Nonnull connection_set_exit_on_disconnect)(DBusConnection *connection, dbus_bool_t exit_on_disconnect);
    void (*_Nonnull connection_set_max_message_size)(DBusConnection *connection, long size);
    void (*_Nonnull connection_set_max_received_size)(DBusConnection *connection, long size);
    void (*_Nonnull connection_unref)(DBusConnection *connection);
    void (*_Nonnull error_free)(DBusError *error);
    void (*_Nonnull error_init)(DBusError *error);
    void (*_Nonnull free)(void *memory);
    const char * (*_Nonnull message_get_interface)(DBusMessage *message);
    const char * (*_Nonnull message_get_member)(DBusMessage *message);
    const char * (*_Nonnull message_get_path)(DBusMessage *message);
    const char * (*_Nonnull message_get_sender)(DBusMessage *message);
    int (*_Nonnull message_get_type)(DBusMessage *message);
    void (*_Nonnull message_iter_abandon_container)(DBusMessageIter *iter, DBusMessageIter *sub);
    dbus_bool_t (*_Nonnull message_iter_append_basic)(DBusMessageIter *iter, int type, const void *value);
    dbus_bool_t (*_Nonnull message_iter_close_container)(DBusMessageIter *iter, DBusMessageIter *sub);
    int (*_Nonnull message_iter_get_arg_type)(DBusMessageIter *iter);
    void (*_Nonnull message_iter_get_basic)(DBusMessageIter *iter, void *value);
    char * (*_Nonnull message_iter_get_signature)(DBusMessageIter *iter);
    dbus_bool_t (*_Nonnull message_iter_init)(DBusMessage *message, DBusMessageIter *iter);
    void (*_Nonnull message_iter_init_append)(DBusMessage *message, DBusMessageIter *iter);
    dbus_bool_t (*_Nonnull message_iter_next)(DBusMessageIter *iter);
    dbus_bool_t (*_Nonnull message_iter_open_container)(DBusMessageIter *iter, int type, const char *contained_signature, DBusMessageIter *sub);
    void (*_Nonnull message_iter_recurse)(DBusMessageIter *iter, DBusMessageIter *sub);
    DBusMessage * (*_Nonnull message_new_error)(DBusMessage *reply_to, const char *error_name, const char *error_message);
    DBusMessage * (*_Nonnull message_new_method_call)(const char *bus_name, const char *path, const char *iface, const char *method);
    DBusMessage * (*_Nonnull message_new_method_return)(DBusMessage *method_call);
    DBusMessage * (*_Nonnull message_new_signal)(const char *path, const char *iface, const char *name);
    dbus_bool_t (*_Nonnull message_set_destination)(DBusMessage *message, const char *destination);
    void (*_Nonnull message_unref)(DBusMessage *message);
    dbus_bool_t (*_Nonnull signature_validate)(const char *signature, DBusError *error);
    dbus_bool_t (*_Nonnull signature_validate_single)(const char *signature, DBusError *error);
    dbus_bool_t (*_Nonnull validate_bus_name)(const char *name, DBusError *error);
    dbus_bool_t (*_Nonnull validate_interface)(const char *name, DBusError *error);
    dbus_bool_t (*_Nonnull validate_member)(const char *name, DBusError *error);
    dbus_bool_t (*_Nonnull validate_path)(const char *path, DBusError *error);
};

struct hc_dbus_state {
    struct hc_dbus_api api;
    const char *failure;
    pthread_once_t once;
};

static inline struct hc_dbus_state *hc_dbus_shared(void) {
    static struct hc_dbus_state state = { .failure = NULL, .once = PTHREAD_ONCE_INIT };
    return &state;
}

static inline void hc_dbus_load(void) {
    struct hc_dbus_state *state = hc_dbus_shared();
    void *library = dlopen("libdbus-1.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        state->failure = "cannot load libdbus-1.so.3 (install libdbus-1-3)";
        return;
    }
    void **slots = (void **)&state->api;
    static const char *const names[] = {
        "dbus_bus_get_private", "dbus_bus_get_unique_name", "dbus_bus_register", "dbus_connection_close",
        "dbus_connection_flush", "dbus_connection_get_is_connected", "dbus_connection_open_private",
        "dbus_connection_pop_message", "dbus_connection_read_write", "dbus_connection_send",
        "dbus_connection_send_with_reply_and_block", "dbus_connection_set_exit_on_disconnect",
        "dbus_connection_set_max_message_size", "dbus_connection_set_max_received_size", "dbus_connection_unref",
        "dbus_error_free", "dbus_error_init", "dbus_free", "dbus_message_get_interface", "dbus_message_get_member",
        "dbus_message_get_path", "dbus_message_get_sender", "dbus_message_get_type",
        "dbus_message_iter_abandon_container", "dbus_message_iter_append_basic", "dbus_message_iter_close_container",
        "dbus_message_iter_get_arg_type", "dbus_message_iter_get_basic", "dbus_message_iter_get_signature",
        "dbus_message_iter_init", "dbus_message_iter_init_append", "dbus_message_iter_next",
        "dbus_message_iter_open_container", "dbus_message_iter_recurse", "dbus_message_new_error", "dbus_message_new_method_call", "dbus_message_new_method_return",
        "dbus_message_new_signal", "dbus_message_set_destination", "dbus_message_unref", "dbus_signature_validate", "dbus_signature_validate_single",
        "dbus_validate_bus_name", "dbus_validate_interface", "dbus_validate_member", "dbus_validate_path",
    };
    _Static_assert(sizeof(names) / sizeof(names[0]) * sizeof(void *) == sizeof(struct hc_dbus_api), "one name per function");
    for (size_t index = 0; index < sizeof(names) / sizeof(names[0]); index++) {
        slots[index] = dlsym(library, names[index]);
        if (!slots[index]) {
            state->failure = "libdbus-1.so.3 lacks a function this client needs";
            return;
        }
    }
}

/* libdbus's functions, or NULL with hc_dbus_failure() saying why they could not be loaded. */
static inline const struct hc_dbus_api *hc_dbus(void) {
    struct hc_dbus_state *state = hc_dbus_shared();
    pthread_once(&state->once, hc_dbus_load);
    return state->failure ? NULL : &state->api;
}

static inline const char *hc_dbus_failure(void) {
    return hc_dbus() ? NULL : hc_dbus_shared()->failure;
}
