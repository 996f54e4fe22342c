import AppLockClient
import AppLockCore
import AppLockDesktop
import AppLockGuardCore
import AppLockProtocol
import AppLockSetupHelp
import DBusKit
import Translation

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
        let fix = readiness.fix.isEmpty ? "" : " " + L("To fix it: %1$s.", GuardReport.shownPhrase(readiness.fix))
        // TRANSLATORS: %1$s is what the guard says of itself, e.g. "not protecting: the GNOME Shell extension is off".
        let body = L("AppLock is %1$s.", GuardReport.shownStatement(readiness.statement)) + fix + " "
            // TRANSLATORS: %1$s names the apps (one, or a list); the count chooses the singular or the plural.
            + N("Until then %1$s stays locked in AppLock, but its windows can be seen and used.", "Until then %1$s stay locked in AppLock, but their windows can be seen and used.", apps.count, names)
        DesktopNotification(summary: L("AppLock cannot hide %1$s", names), body: body, urgency: .critical)
            .send(on: bus, failed: failed)
    }
}
