import AppLockDesktop
import AppLockGuard
import AppLockProtocol

/// What `applockctl guard add` says about the windows the guard will take for an app: the desktop file found and
/// the names (app id, `WM_CLASS`) the guard's rule matches, or a warning, with the ids that look like it, when there
/// is no desktop file of that id.
enum GuardMatchText {
    /// The lines for `app`, and whether they warn.
    static func lines(for app: AppID, environment: [String: String]) -> (lines: [String], warns: Bool) {
        let folders = XDGDataDirectories(environment: environment)
        let windowClass = { (startupWMClass: String?) in AppIdentity.windowClass(of: app, startupWMClass: startupWMClass) }
        guard let path = DesktopEntry.locate(app, in: folders), let entry = DesktopEntry.find(app, in: folders) else {
            var lines = [
                "Warning: no desktop file \(app).desktop was found in \(folders.paths.map { $0 + "/applications" }.joined(separator: ", ")).",
                "The guard can then find its windows only by the app id \(app) or WM_CLASS \"\(windowClass(nil))\"; "
                    + "an app id is a desktop file's name without .desktop.",
            ]
            let needle = app.rawValue.lowercased()
            let near = DesktopEntry.appGrid(in: folders).filter {
                $0.appID.rawValue.lowercased().contains(needle) || $0.name.lowercased().contains(needle)
            }
            if !near.isEmpty {
                lines.append("Did you mean: " + near.prefix(5).map { "\($0.appID) (\($0.name))" }.joined(separator: ", ") + "?")
            }
            return (lines, true)
        }
        let classSource = entry.startupWMClass == nil ? "its id: the desktop file names no StartupWMClass" : "its StartupWMClass"
        return ([
            "Desktop file: \(path) (\(entry.name))",
            "Its windows are found by the app id \(app) (the launcher's systemd scope, GIO_LAUNCHED_DESKTOP_FILE, "
                + "_GTK_APPLICATION_ID, a Wayland app id) and by WM_CLASS \"\(windowClass(entry.startupWMClass))\" "
                + "(\(classSource)), in any case.",
        ], false)
    }
}
