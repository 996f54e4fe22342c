import AppLockDesktop
import AppLockGuardCore
import AppLockProtocol
import Translation

/// What `applockctl guard add` says about the windows the guard will take for an app: the desktop file found and
/// the names (app id, `WM_CLASS`, the `Exec` program) the guard's rule matches, or a warning, with the ids that look like it, when there
/// is no desktop file of that id.
enum GuardMatchText {
    /// The lines for `app`, and whether they warn.
    static func lines(for app: AppID, environment: [String: String]) -> (lines: [String], warns: Bool) {
        let folders = XDGDataDirectories(environment: environment)
        let windowClass = { (startupWMClass: String?) in AppIdentity.windowClass(of: app, startupWMClass: startupWMClass) }
        guard let path = DesktopEntry.locate(app, in: folders), let entry = DesktopEntry.find(app, in: folders) else {
            var lines = [
                L("Warning: no desktop file %1$s.desktop was found in %2$s.", app, folders.paths.map { $0 + "/applications" }.joined(separator: ", ")),
                L("The guard can then find its windows only by the app id %1$s or WM_CLASS \"%2$s\"; an app id is a desktop file's name without .desktop.", app, windowClass(nil)),
            ]
            let needle = app.rawValue.lowercased()
            let near = DesktopEntry.appGrid(in: folders).filter {
                $0.appID.rawValue.lowercased().contains(needle) || $0.name.lowercased().contains(needle)
            }
            if !near.isEmpty {
                lines.append(L("Did you mean: %1$s?", near.prefix(5).map { "\($0.appID) (\($0.name))" }.joined(separator: ", ")))
            }
            return (lines, true)
        }
        let classSource = entry.startupWMClass == nil ? L("its id: the desktop file names no StartupWMClass") : L("its StartupWMClass")
        let claimed = DesktopEntry.claimedWindowNames(in: folders)
        let program = entry.exec.flatMap { AppIdentity.windowProgram(ofExec: $0, claimed: claimed) }.map {
            L("Failing those, a window whose Wayland app id or WM_CLASS is %1$s, the program its desktop file runs, is its too.", $0)
        }
        return ([
            L("Desktop file: %1$s (%2$s)", path, entry.name),
            L("Its windows are found by the app id %1$s (the launcher's systemd scope, GIO_LAUNCHED_DESKTOP_FILE, _GTK_APPLICATION_ID, a Wayland app id) and by WM_CLASS \"%2$s\" (%3$s), in any case.", app, windowClass(entry.startupWMClass), classSource),
        ] + (program.map { [$0] } ?? []), false)
    }
}
