#ifndef HC_WEBKITGTK_SHIM_H
#define HC_WEBKITGTK_SHIM_H
// WebKitGTK 6.0 and GTK 4, with what Swift cannot import as it is: g_signal_connect and the
// type-cast macros are C macros, so each one the window uses is a small function here.
#include <webkit/webkit.h>
#include <gtk/gtk.h>

static inline gulong hc_signal_connect(gpointer instance, const char *signal, GCallback handler, gpointer data) {
    return g_signal_connect_data(instance, signal, handler, data, NULL, (GConnectFlags)0);
}

static inline GtkWindow *hc_gtk_window(gpointer widget) { return GTK_WINDOW(widget); }
static inline GtkBox *hc_gtk_box(gpointer widget) { return GTK_BOX(widget); }
static inline GtkListBox *hc_gtk_list_box(gpointer widget) { return GTK_LIST_BOX(widget); }
static inline GtkLabel *hc_gtk_label(gpointer widget) { return GTK_LABEL(widget); }
static inline GtkEditable *hc_gtk_editable(gpointer widget) { return GTK_EDITABLE(widget); }
static inline GtkNativeDialog *hc_gtk_native_dialog(gpointer dialog) { return GTK_NATIVE_DIALOG(dialog); }
static inline GtkFileChooser *hc_gtk_file_chooser(gpointer chooser) { return GTK_FILE_CHOOSER(chooser); }
static inline WebKitWebView *hc_webkit_web_view(gpointer widget) { return WEBKIT_WEB_VIEW(widget); }
static inline WebKitNavigationPolicyDecision *hc_navigation_decision(gpointer decision) { return WEBKIT_NAVIGATION_POLICY_DECISION(decision); }
static inline WebKitPolicyDecision *hc_policy_decision(gpointer decision) { return WEBKIT_POLICY_DECISION(decision); }


// g_object_new takes its properties as varargs, which Swift cannot call.
static inline GtkWidget *hc_web_view_new(WebKitNetworkSession *session, WebKitUserContentManager *manager) {
    return GTK_WIDGET(g_object_new(WEBKIT_TYPE_WEB_VIEW, "network-session", session, "user-content-manager", manager, NULL));
}

// The one argument every call into the page takes: `message`, a JSON text the page parses, so no
// value is ever pasted into code. The floating reference is taken by the call.
static inline GVariant *hc_message_argument(const char *json) {
    GVariantDict dict;
    g_variant_dict_init(&dict, NULL);
    g_variant_dict_insert_value(&dict, "message", g_variant_new_string(json));
    return g_variant_dict_end(&dict);
}


// GtkSettings' properties are set through varargs too.
static inline void hc_prefer_dark_theme(gboolean dark) {
    g_object_set(gtk_settings_get_default(), "gtk-application-prefer-dark-theme", dark, NULL);
}

// One style sheet for the whole display, replaced each time the theme changes.
static inline void hc_apply_window_css(const char *css) {
    static GtkCssProvider *provider = NULL;
    GdkDisplay *display = gdk_display_get_default();
    if (display == NULL) return;
    if (provider == NULL) {
        provider = gtk_css_provider_new();
        gtk_style_context_add_provider_for_display(display, GTK_STYLE_PROVIDER(provider), GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    }
    gtk_css_provider_load_from_data(provider, css, -1);
}

// The one window per user: a GApplication on the session bus with one action, `open`, taking a
// URL; the casts and the variant type are macros.
static inline GtkApplication *hc_application_new(const char *id) {
    return gtk_application_new(id, G_APPLICATION_DEFAULT_FLAGS);
}

static inline gboolean hc_application_register(GtkApplication *application) {
    return g_application_register(G_APPLICATION(application), NULL, NULL);
}

static inline gboolean hc_application_is_remote(GtkApplication *application) {
    return g_application_get_is_remote(G_APPLICATION(application));
}

static inline GSimpleAction *hc_application_add_string_action(GtkApplication *application, const char *name) {
    GSimpleAction *action = g_simple_action_new(name, G_VARIANT_TYPE_STRING);
    g_action_map_add_action(G_ACTION_MAP(application), G_ACTION(action));
    return action;
}

static inline void hc_application_activate_remote(GtkApplication *application, const char *name, const char *text) {
    g_action_group_activate_action(G_ACTION_GROUP(application), name, g_variant_new_string(text));
    GDBusConnection *bus = g_application_get_dbus_connection(G_APPLICATION(application));
    if (bus != NULL) g_dbus_connection_flush_sync(bus, NULL, NULL);
}

#endif
