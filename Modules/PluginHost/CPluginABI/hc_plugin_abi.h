/*
 * The C ABI between the HomeCompanion plugin host and an out-of-tree plugin.
 *
 * A Swift protocol cannot be cast across a dlopen boundary unless host and plugin share
 * one libPluginHost.so, so an out-of-tree plugin speaks plain C: the host looks up
 * HC_PLUGIN_ENTRY_SYMBOL, calls it with a table of host functions, and receives a table
 * of plugin functions. Every datum crosses as UTF-8 JSON text.
 */
#ifndef HC_PLUGIN_ABI_H
#define HC_PLUGIN_ABI_H

#include <stdint.h>

#define HC_PLUGIN_ABI_VERSION 1
#define HC_PLUGIN_ENTRY_SYMBOL "hc_plugin_entry"

/* Log levels, matching PluginHost's LogLevel raw values. */
#define HC_LOG_DEBUG 1
#define HC_LOG_INFO 2
#define HC_LOG_WARNING 3
#define HC_LOG_ERROR 4

/* What the host offers a plugin. Valid from the entry call until the library is unloaded. */
typedef struct hc_host_api {
    uint32_t abi_version;
    /* Writes a message through the host's logger, which redacts secrets. */
    void (*log)(int32_t level, const char *message);
} hc_host_api;

/*
 * What a plugin offers the host.
 *
 * Strings a plugin returns through an out-parameter or a return value are allocated by
 * the plugin and released by the host with free_string. A function returning int32_t
 * returns 0 on success; on failure it may set *error_out to a message.
 */
typedef struct hc_plugin_api {
    uint32_t abi_version;
    /* {"id": "...", "version": "1.0.0", "provides": [{"name": "...", "version": 1}],
        "requires": [...], "configurationKeys": ["..."], "failurePolicy": "abort",
        "contributes": [{"point": "commands", "name": "greet", "summary": "...", "metadata": {...}}],
        "consumes": ["..."]}
       Each contributed entry is invoked as "POINT/NAME" (such as "commands/greet"); the point
       defines the request and the answer (PluginHost's README lists the host's points). */
    const char *descriptor_json;
    /* Checks a configuration object without side effects. */
    int32_t (*validate_configuration)(const char *configuration_json, char **error_out);
    /* Starts the plugin with its configuration. */
    int32_t (*start)(const char *configuration_json, char **error_out);
    /* Stops the plugin; called once, after a successful start. */
    void (*stop)(void);
    /* Calls a provided capability, or a contributed entry ("POINT/NAME"), with a JSON request;
       returns a JSON response or NULL. */
    int32_t (*invoke)(const char *capability, const char *request_json, char **response_out, char **error_out);
    /* Releases a string the plugin returned. */
    void (*free_string)(char *string);
} hc_plugin_api;

/* The one symbol an out-of-tree plugin exports. Returns NULL when it cannot run with this host. */
typedef const hc_plugin_api *(*hc_plugin_entry_fn)(const hc_host_api *host);

#endif
