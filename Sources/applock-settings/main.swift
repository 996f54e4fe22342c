import AppLockClient
import AppLockDesktop
import Glibc
import GtkKit
import Translation

/// Starts GTK and shows AppLock Settings until its window is closed.
@MainActor
func runSettings() -> Int32 {
    let arguments = CommandLine.arguments.dropFirst()
    if !arguments.isEmpty {
        let usage = """
            Usage: applock-settings

            AppLock Settings: choose the apps to protect, set their passcodes, and choose when they lock.
            It edits $XDG_CONFIG_HOME/applock/applock.conf and apps.d/<app_id>.conf, shows the limits in
            /etc/applock/policy.conf [Mandatory] ($APPLOCK_ADMIN_POLICY in debug builds), and talks to applockd on the
            session bus.
            """
        print(usage)
        return arguments.allSatisfy { $0 == "--help" || $0 == "-h" } ? 0 : 1
    }
    Translation.start()
    do {
        // Cairo, as the lock window: GL costs ~175 MiB more here and buys nothing for a window of plain rows.
        try Gtk.initialize(
            programName: "io.github.applock.Settings", applicationName: SettingsController.applicationName, softwareRendering: true)
    } catch {
        StandardError.line("applock-settings: \(error)")
        return 2
    }
    let connection: AppLockConnection
    do {
        connection = try AppLockConnection(timeout: .seconds(5))
    } catch {
        StandardError.line("applock-settings: cannot reach the session bus: \(error)")
        return 4
    }
    let loop = MainLoop()
    let controller = SettingsController(connection: connection, environment: ProcessEnvironment.current())
    controller.window.onCloseRequest { [weak loop] in
        loop?.quit()
        return false
    }
    controller.start()
    StandardError.line("applock-settings: shown")
    loop.run()
    withExtendedLifetime(controller) {}
    connection.close()
    return 0
}

exit(MainActor.assumeIsolated { runSettings() })
