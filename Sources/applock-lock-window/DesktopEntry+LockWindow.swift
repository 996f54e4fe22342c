import AppLockCore
import AppLockDesktop
import AppLockProtocol
import Glibc

extension DesktopEntry {
    /// The name and icon the lock window shows for `appID`: its desktop file's, found in the XDG data folders of the
    /// lock window's environment; the id as name and no icon when it has none.
    static func forLockWindow(_ appID: String) -> (name: String, icon: String?) {
        var environment: [String: String] = [:]
        for name in ["HOME", "XDG_DATA_HOME", "XDG_DATA_DIRS"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        let directories = XDGDataDirectories(environment: environment)
        let entry = (try? AppID(appID)).flatMap { find($0, in: directories) }
        return (entry?.name ?? appID, entry?.icon)
    }
}
