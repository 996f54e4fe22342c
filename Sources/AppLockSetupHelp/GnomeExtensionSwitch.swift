public import AppLockClient
import AppLockProtocol
import DBusKit

/// Switches the AppLock GNOME Shell extension on where it is installed but disabled, as `gnome-extensions enable`
/// does (`org.gnome.Shell.Extensions.EnableExtension`): `applockctl guard add` and AppLock Settings' Protect switch
/// call it, so that guarding an app on GNOME also makes the guard able to hide it. Anywhere else (no GNOME Shell
/// on the bus, the extension missing, out of date, in error or already enabled) it does nothing.
public enum GnomeExtensionSwitch {
    /// Enables the AppLock extension (of the uuids in ``GnomeShellExtensions/appLockUUIDs``) that is disabled, unless
    /// one is enabled already; returns a sentence saying what was done, nil when nothing was to do. Blocking: never
    /// call it on the connection's own thread.
    public static func enableIfDisabled(on connection: AppLockConnection) -> String? {
        guard (try? connection.performBlocking(.nameHasOwner(GnomeShellExtensions.busName))) == true else { return nil }
        var states: [String: GnomeShellExtensions.State] = [:]
        for uuid in GnomeShellExtensions.appLockUUIDs {
            if let state = (try? connection.performBlocking(.appLockExtensionState(uuid))) ?? nil { states[uuid] = state }
        }
        guard !states.values.contains(.enabled),
              let uuid = GnomeShellExtensions.appLockUUIDs.first(where: { [.disabled, .initialized].contains(states[$0]) })
        else { return nil }
        _ = try? connection.performBlocking(.enableAppLockExtension(uuid))
        // GNOME 45 and later enable asynchronously: each read is a round trip through the Shell's main loop.
        var now: GnomeShellExtensions.State?
        for _ in 0..<20 {
            now = (try? connection.performBlocking(.appLockExtensionState(uuid))) ?? nil
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
    /// An extension's state from `GetExtensionInfo`; nil when the Shell does not know it.
    static func appLockExtensionState(_ uuid: String) -> Self {
        Self(
            destination: GnomeShellExtensions.busName, path: try! ObjectPath(GnomeShellExtensions.path),
            interface: GnomeShellExtensions.interface, member: "GetExtensionInfo", [.string(uuid)]
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
    /// `EnableExtension(uuid)`, as `gnome-extensions enable` calls it.
    static func enableAppLockExtension(_ uuid: String) -> Self {
        Self(
            destination: GnomeShellExtensions.busName, path: try! ObjectPath(GnomeShellExtensions.path),
            interface: GnomeShellExtensions.interface, member: "EnableExtension", [.string(uuid)]
        ) { reply, _ in reply.first?.boolValue }
    }
}
