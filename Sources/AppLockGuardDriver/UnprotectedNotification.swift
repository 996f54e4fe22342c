import AppLockCore
import AppLockDesktop
import AppLockGuard
import AppLockProtocol
import DBusKit

/// The one desktop notification (`org.freedesktop.Notifications.Notify`) the guard sends when it cannot hide
/// guarded apps (``ProtectionAlarm`` says when): it names the apps, says why and what to do. Sent without waiting
/// for the answer; a session without a notification server just does not show it (the status says it anyway).
enum UnprotectedNotification {
    /// `Notes, Mail` from each app's desktop-file name, else its id.
    static func names(_ apps: [AppID], entries: [AppID: DesktopEntry]) -> String {
        apps.map { entries[$0]?.name ?? $0.rawValue }.joined(separator: ", ")
    }

    static func send(on bus: Connection, apps: [AppID], entries: [AppID: DesktopEntry], readiness: GuardReadiness,
                     failed: @escaping (String) -> Void) {
        let names = names(apps, entries: entries)
        let fix = readiness.fix.isEmpty ? "" : " To fix it: \(readiness.fix)."
        let (stay, their) = apps.count == 1 ? ("stays", "its") : ("stay", "their")
        let body = "AppLock is \(readiness.statement).\(fix) Until then \(names) \(stay) locked in AppLock, but \(their) "
            + "windows can be seen and used."
        DesktopNotification(summary: "AppLock cannot hide \(names)", body: body, urgency: .critical)
            .send(on: bus, failed: failed)
    }
}
