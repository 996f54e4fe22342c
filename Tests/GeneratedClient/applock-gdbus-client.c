/*
 * A client of applockd written only against the GDBus proxy that gdbus-codegen generates from the shipped
 * dbus/ interface files (applock-generated.h). It registers an app, sets its passcode, locks it, hears StateChanged, reads
 * State and FailedAttempts, gets a named error back for a wrong passcode and unlocks; then sets the AppLock
 * passcode, makes a second app use it, reads SharedPasscodeKind and the app's PasscodeSource, and unlocks that app
 * with the AppLock passcode. Each step prints one line;
 * the first failure prints "FAIL <what>: <error>" and exits 1.
 *
 * The bus is $DBUS_SESSION_BUS_ADDRESS (the test's private bus).
 */
#include <gio/gio.h>
#include <stdio.h>
#include <string.h>
#include "applock-generated.h"

#define APP_ID "org.example.Codegen"
#define SHARED_APP_ID "org.example.CodegenShared"
#define BUS_NAME "io.github.applock.AppLock1"
#define MANAGER_PATH "/io/github/applock/AppLock1"

static gboolean heard_lock = FALSE;

static void on_state_changed(AppLockManager *manager, const gchar *app_id, const gchar *state, const gchar *reason,
                             gpointer user_data) {
    (void)manager;
    (void)user_data;
    printf("signal StateChanged %s %s %s\n", app_id, state, reason);
    if (strcmp(app_id, APP_ID) == 0 && strcmp(state, "locked") == 0) heard_lock = TRUE;
}

static int fail(const char *what, GError *error) {
    printf("FAIL %s: %s\n", what, error ? error->message : "unexpected answer");
    return 1;
}

static AppLockApplication *application(const gchar *path, GError **error) {
    return app_lock_application_proxy_new_for_bus_sync(G_BUS_TYPE_SESSION, G_DBUS_PROXY_FLAGS_NONE, BUS_NAME, path,
                                                       NULL, error);
}

int main(void) {
    GError *error = NULL;
    AppLockManager *manager = app_lock_manager_proxy_new_for_bus_sync(
        G_BUS_TYPE_SESSION, G_DBUS_PROXY_FLAGS_NONE, BUS_NAME, MANAGER_PATH, NULL, &error);
    if (!manager) return fail("manager proxy", error);
    g_signal_connect(manager, "state-changed", G_CALLBACK(on_state_changed), NULL);

    gchar *path = NULL;
    if (!app_lock_manager_call_register_application_sync(manager, APP_ID, &path, NULL, &error))
        return fail("RegisterApplication", error);
    printf("registered %s\n", path);
    if (!app_lock_manager_call_set_passcode_sync(manager, APP_ID, "2468", "four-digit", NULL, &error))
        return fail("SetPasscode", error);
    if (!app_lock_manager_call_lock_sync(manager, APP_ID, NULL, &error)) return fail("Lock", error);

    gint64 deadline = g_get_monotonic_time() + 10 * G_TIME_SPAN_SECOND;
    while (!heard_lock && g_get_monotonic_time() < deadline) g_main_context_iteration(NULL, FALSE);
    if (!heard_lock) return fail("StateChanged locked never arrived", NULL);

    AppLockApplication *app = application(path, &error);
    if (!app) return fail("application proxy", error);
    printf("State %s\n", app_lock_application_get_state(app));
    printf("PasscodeKind %s\n", app_lock_application_get_passcode_kind(app));
    g_object_unref(app);

    if (app_lock_manager_call_unlock_sync(manager, APP_ID, "1111", NULL, &error))
        return fail("Unlock with a wrong passcode succeeded", NULL);
    gchar *remote = g_dbus_error_get_remote_error(error);
    printf("error %s\n", remote ? remote : "(none)");
    g_free(remote);
    g_clear_error(&error);

    app = application(path, &error);
    if (!app) return fail("application proxy", error);
    printf("FailedAttempts %u\n", app_lock_application_get_failed_attempts(app));
    g_object_unref(app);

    if (!app_lock_manager_call_unlock_sync(manager, APP_ID, "2468", NULL, &error)) return fail("Unlock", error);
    app = application(path, &error);
    if (!app) return fail("application proxy", error);
    printf("State %s\n", app_lock_application_get_state(app));
    g_object_unref(app);

    gchar *shared_path = NULL;
    if (!app_lock_manager_call_set_shared_passcode_sync(manager, "1357", "four-digit", NULL, &error))
        return fail("SetSharedPasscode", error);
    if (!app_lock_manager_call_register_application_sync(manager, SHARED_APP_ID, &shared_path, NULL, &error))
        return fail("RegisterApplication (shared)", error);
    if (!app_lock_manager_call_use_shared_passcode_sync(manager, SHARED_APP_ID, NULL, &error))
        return fail("UseSharedPasscode", error);
    g_object_unref(manager);
    manager = app_lock_manager_proxy_new_for_bus_sync(
        G_BUS_TYPE_SESSION, G_DBUS_PROXY_FLAGS_NONE, BUS_NAME, MANAGER_PATH, NULL, &error);
    if (!manager) return fail("manager proxy", error);
    printf("SharedPasscodeKind %s\n", app_lock_manager_get_shared_passcode_kind(manager));
    if (!app_lock_manager_call_lock_sync(manager, SHARED_APP_ID, NULL, &error)) return fail("Lock (shared)", error);
    if (!app_lock_manager_call_unlock_sync(manager, SHARED_APP_ID, "1357", NULL, &error))
        return fail("Unlock with the AppLock passcode", error);
    app = application(shared_path, &error);
    if (!app) return fail("application proxy (shared)", error);
    printf("PasscodeSource %s\n", app_lock_application_get_passcode_source(app));
    printf("Shared app %s\n", app_lock_application_get_state(app));
    g_object_unref(app);
    g_free(shared_path);

    g_free(path);
    g_object_unref(manager);
    printf("done\n");
    return 0;
}
