#pragma once
#if !__has_include(<adwaita.h>)
#error "The C flags of GTK and libsecret are not generated yet: run ./scripts/pkg-config.sh (make build and make test run it)"
#endif
// GTK 4, libadwaita, GDK's X11 backend and Xlib for GtkKit. The function-like macros and variadic functions of
// GObject do not import into Swift; the static inline helpers below stand in for the few GtkKit needs.
#include <adwaita.h>
#include <glib-unix.h>
#include <gdk/x11/gdkx.h>
#include <X11/Xlib.h>
#include <X11/extensions/XInput2.h>

/// g_signal_connect: connects `handler` with `data`, released by `destroy` when the handler is disconnected.
static inline gulong applock_signal_connect(gpointer instance, const char *signal, GCallback handler, gpointer data,
                                            GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, (GConnectFlags)0);
}

/// Sets the accessible label of `accessible` (what a screen reader says for it).
static inline void applock_accessible_set_label(GtkAccessible *accessible, const char *label) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/// Leaves `accessible` out of what assistive technologies see (GTK_ACCESSIBLE_STATE_HIDDEN).
static inline void applock_accessible_hide(GtkAccessible *accessible) {
    gtk_accessible_update_state(accessible, GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
}

/// Sets the accessible description of `accessible`.
static inline void applock_accessible_set_description(GtkAccessible *accessible, const char *text) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

/// GtkEditable's `insert-text` handler that stops every insertion.
static inline void applock_refuse_insertion(GtkEditable *editable, const char *text, int length, int *position,
                                            gpointer data) {
    (void)text; (void)length; (void)position; (void)data;
    g_signal_stop_emission_by_name(editable, "insert-text");
}

/// Makes `editable` refuse every insertion (typed, pasted or dropped), so that it always stays empty: its
/// delegate (the GtkText inside an entry) is where text would go in.
static inline void applock_editable_refuse_insertions(GtkEditable *editable) {
    GtkEditable *target = gtk_editable_get_delegate(editable);
    g_signal_connect_data(target != NULL ? target : editable, "insert-text", G_CALLBACK(applock_refuse_insertion),
                          NULL, NULL, (GConnectFlags)0);
}

/// GtkPasswordEntry's placeholder (a property only: g_object_set is variadic).
static inline void applock_password_entry_set_placeholder(GtkPasswordEntry *entry, const char *text) {
    g_object_set(entry, "placeholder-text", text, NULL);
}

/// GTK's gtk-decoration-layout setting (which window buttons a title bar shows, on which side), NULL without
/// settings; free it with g_free (g_object_get is variadic).
static inline char *applock_decoration_layout(void) {
    GtkSettings *settings = gtk_settings_get_default();
    char *layout = NULL;
    if (settings != NULL) g_object_get(settings, "gtk-decoration-layout", &layout, NULL);
    return layout;
}

/// The X window of a realized GDK surface on X11, 0 elsewhere.
static inline Window applock_x11_surface_xid(GdkSurface *surface) {
    if (surface == NULL || !GDK_IS_X11_SURFACE(surface)) return 0;
    return gdk_x11_surface_get_xid(surface);
}

/// Xlib's Display of a GDK display on X11, NULL elsewhere.
static inline Display *applock_x11_display_xdisplay(GdkDisplay *display) {
    if (display == NULL || !GDK_IS_X11_DISPLAY(display)) return NULL;
    return gdk_x11_display_get_xdisplay(display);
}

/// Actively grabs the master keyboard for `window` with XInput 2 (XIGrabDevice; XISetMask is a macro), so that
/// every key goes to `window` as the XI2 events GDK 4 reads, whichever window has the focus. A core
/// XGrabKeyboard would deliver core events, which GDK 4 ignores, as soon as another window has the focus.
/// Returns GrabSuccess (0) or X's refusal (AlreadyGrabbed, GrabNotViewable, …); -1 without a master keyboard.
static inline int applock_xi_grab_keyboard(Display *display, Window window) {
    int count = 0;
    XIDeviceInfo *devices = XIQueryDevice(display, XIAllMasterDevices, &count);
    int keyboard = -1;
    for (int i = 0; i < count; i++) {
        if (devices[i].use == XIMasterKeyboard) { keyboard = devices[i].deviceid; break; }
    }
    XIFreeDeviceInfo(devices);
    if (keyboard < 0) return -1;
    unsigned char bits[XIMaskLen(XI_LASTEVENT)] = {0};
    XISetMask(bits, XI_KeyPress);
    XISetMask(bits, XI_KeyRelease);
    XISetMask(bits, XI_FocusIn);
    XISetMask(bits, XI_FocusOut);
    XIEventMask mask = { keyboard, sizeof bits, bits };
    return XIGrabDevice(display, keyboard, window, CurrentTime, None, XIGrabModeAsync, XIGrabModeAsync, False, &mask);
}

/// The type and window of an X event as GDK's X11 `xevent` signal passes it.
static inline int applock_xevent_type(const XEvent *event) { return event->type; }
static inline Window applock_xevent_window(const XEvent *event) { return event->xany.window; }
static inline Window applock_xevent_destroyed_window(const XEvent *event) { return event->xdestroywindow.window; }
static inline int applock_xevent_configure_width(const XEvent *event) { return event->xconfigure.width; }
static inline int applock_xevent_configure_height(const XEvent *event) { return event->xconfigure.height; }
