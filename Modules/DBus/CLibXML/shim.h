#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

/* libxml2, the design's XML library, is loaded on first use rather than linked, as libdbus is:
   only a process that introspects a D-Bus object needs it, and linking it would weigh on every
   `home`. The few types and prototypes used are declared here as libxml2 2.9 defines them
   (tree.h, parser.h, globals.h; the node structures' layout has been stable since 2.0). Every
   function is reached through hc_xml(). */
typedef unsigned char xmlChar;
typedef struct _xmlDoc xmlDoc;
typedef struct _xmlNs xmlNs;

typedef enum {
    HC_XML_ELEMENT_NODE = 1,
    HC_XML_ATTRIBUTE_NODE = 2,
    HC_XML_TEXT_NODE = 3,
} hc_xml_element_type;

typedef struct _xmlNode {
    void *_private;
    int type;
    const xmlChar *name;
    struct _xmlNode *children;
    struct _xmlNode *last;
    struct _xmlNode *parent;
    struct _xmlNode *next;
    struct _xmlNode *prev;
    xmlDoc *doc;
    xmlNs *ns;
    xmlChar *content;
    struct _xmlAttr *properties;
    xmlNs *nsDef;
    void *psvi;
    unsigned short line;
    unsigned short extra;
} xmlNode;

typedef struct _xmlAttr {
    void *_private;
    int type;
    const xmlChar *name;
    struct _xmlNode *children;
    struct _xmlNode *last;
    struct _xmlNode *parent;
    struct _xmlAttr *next;
    struct _xmlAttr *prev;
    xmlDoc *doc;
    xmlNs *ns;
    int atype;
    void *psvi;
} xmlAttr;

/* XML_PARSE_NONET: no network; XML_PARSE_NOERROR, XML_PARSE_NOWARNING: nothing on stderr. Entities
   are not substituted (no XML_PARSE_NOENT) and no DTD is loaded (no XML_PARSE_DTDLOAD). */
static const int hc_xml_parse_options = 2048 | 32 | 64;

struct hc_xml_api {
    void (*_Nonnull xmlDocDumpFormatMemoryEnc)(xmlDoc *doc, xmlChar **mem, int *size, const char *encoding, int format);
    void (*_Nonnull xmlDocSetRootElement)(xmlDoc *doc, xmlNode *root);
    xmlNode * (*_Nonnull xmlDocGetRootElement)(const xmlDoc *doc);
    void (*_Nonnull xmlFreeDoc)(xmlDoc *doc);
    xmlNode * (*_Nonnull xmlAddChild)(xmlNode *parent, xmlNode *child);
    xmlChar * (*_Nonnull xmlGetProp)(const xmlNode *node, const xmlChar *name);
    xmlDoc * (*_Nonnull xmlNewDoc)(const xmlChar *version);
    xmlNode * (*_Nonnull xmlNewNode)(xmlNs *ns, const xmlChar *name);
    xmlAttr * (*_Nonnull xmlNewProp)(xmlNode *node, const xmlChar *name, const xmlChar *value);
    xmlDoc * (*_Nonnull xmlReadMemory)(const char *buffer, int size, const char *url, const char *encoding, int options);
    void (*_Nonnull * _Nonnull xmlFree)(void *memory);
};

struct hc_xml_state {
    struct hc_xml_api api;
    const char *failure;
    pthread_once_t once;
};

static inline struct hc_xml_state *hc_xml_shared(void) {
    static struct hc_xml_state state = { .failure = NULL, .once = PTHREAD_ONCE_INIT };
    return &state;
}

static inline void hc_xml_load(void) {
    struct hc_xml_state *state = hc_xml_shared();
    void *library = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        state->failure = "cannot load libxml2.so.2 (install libxml2)";
        return;
    }
    void **slots = (void **)&state->api;
    static const char *const names[] = {
        "xmlDocDumpFormatMemoryEnc", "xmlDocSetRootElement", "xmlDocGetRootElement", "xmlFreeDoc", "xmlAddChild", "xmlGetProp",
        "xmlNewDoc", "xmlNewNode", "xmlNewProp", "xmlReadMemory", "xmlFree",
    };
    _Static_assert(sizeof(names) / sizeof(names[0]) * sizeof(void *) == sizeof(struct hc_xml_api), "one name per function");
    for (size_t index = 0; index < sizeof(names) / sizeof(names[0]); index++) {
        slots[index] = dlsym(library, names[index]);
        if (!slots[index]) {
            state->failure = "libxml2.so.2 lacks a function this program needs";
            return;
        }
    }
}

/* libxml2's functions, or NULL with hc_xml_failure() saying why they could not be loaded. */
static inline const struct hc_xml_api *hc_xml(void) {
    struct hc_xml_state *state = hc_xml_shared();
    pthread_once(&state->once, hc_xml_load);
    return state->failure ? NULL : &state->api;
}

static inline const char *hc_xml_failure(void) {
    return hc_xml_shared()->failure;
}
