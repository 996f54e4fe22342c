import AppLockProtocol
import DBusKit

/// Switches the AppLock GNOME Shell extension on where it is installed but disabled, as `gnome-extensions enable`
/// does (`org.gnome.Shell.Extensions.EnableExtension`): `applockctl guard add` and AppLock Settings' Protect switch
/// call it, so that guarding an app on GNOME also makes the guard able to hide it. Anywhere else (no GNOME Shell
/// on the bus, the extension missing, out of date, in error or already enabled) it does nothing.
public enum GnomeExtensionSwitch {
    /// Enables the extension when it is disabled; returns a sentence saying what was done, nil when nothing was to do.
    /// Blocking: never call it on the connection's own thread.
    public static func enableIfDisabled(on connection: AppLockConnection) -> String? {
        guard (try? connection.performBlocking(.nameHasOwner(GnomeShellExtensions.busName))) == true,
              let state = try? connection.performBlocking(.appLockExtensionState),
              state == .disabled || state == .initialized
        else { return nil }
        let uuid = GnomeShellExtensions.appLockUUID
        _ = try? connection.performBlocking(.enableAppLockExtension)
        // GNOME 45 and later enable asynchronously: each read is a round trip through the Shell's main loop.
        var now: GnomeShellExtensions.State?
        for _ in 0..<20 {
            now = (try? connection.performBlocking(.appLockExtensionState)) ?? nil
            if now == .enabled || now == .error { break }
        }
        guard now == .enabled else {
            return "The AppLock GNOME Shell extension (\(uuid)) is disabled and could not be enabled "
                + "(\(now?.name ?? "no answer")): guarded apps are not hidden. Try `gnome-extensions enable \(uuid)`."
        }
        return "Enabled the AppLock GNOME Shell extension (\(uuid)), which hides guarded apps on GNOME."
    }
}

extension AppLockRequest where Value == GnomeShellExtensions.State? {
    /// The AppLock extension's state from `GetExtensionInfo`; nil when the Shell does not know it.
    static var appLockExtensionState: Self {
        Self(
            destination: GnomeShellExtensions.busName, path: try! ObjectPath(GnomeShellExtensions.path),
            interface: GnomeShellExtensions.interface, member: "GetExtensionInfo",
            [.string(GnomeShellExtensions.appLockUUID)]
        ) { reply, _ in
            for (key, value) in reply.first?.dictionaryValue ?? [] where key.stringValue == "state" {
                let value = value.variantValue ?? value
                let raw = value.doubleValue.map(Int.init) ?? value.int32Value.map(Int.init)
                return .some(raw.flatMap(GnomeShellExtensions.State.init(rawValue:)))
            }
            return .some(nil)
        }
    }
}

extension AppLockRequest where Value == Bool {
    /// `EnableExtension(uuid)` for the AppLock extension, as `gnome-extensions enable` calls it.
    static var enableAppLockExtension: Self {
        Self(
            destination: GnomeShellExtensions.busName, path: try! ObjectPath(GnomeShellExtensions.path),
            interface: GnomeShellExtensions.interface, member: "EnableExtension", [.string(GnomeShellExtensions.appLockUUID)]
        ) { reply, _ in reply.first?.boolValue }
    }
}
