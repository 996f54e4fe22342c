import AppLockCore
import AppLockDesktop
import AppLockProtocol
import Translation

/// The agent's desktop notifications (``DesktopNotification``): a tampered passcode item, once per app (the AppLock
/// passcode's: once, naming every app that uses it) and episode
/// (until the original item verifies again or the passcode is reset), naming the app and what to do; and the failed
/// attempts an app missed, once, at its next successful unlock whichever way it came. Never a passcode or its hash.
/// Sent without waiting for the answer, so a session without a notification server changes no answer; the first
/// failure of each kind is logged.
extension Agent {
    /// Tells the user that the passcode item of `app` was tampered with (the custody decides when), naming the app as
    /// the missed-attempts notice does, by its desktop entry when it has one; the command to run names its id.
    func notifyTampered(_ app: AppID) {
        let name = displayName(app)
        DesktopNotification(
            summary: L("The passcode of %1$s was tampered with", name),
            body: L("The keyring item holding the passcode of %1$s was removed or replaced outside AppLock, so %1$s stays locked.", name)
                + " " + L("Put the original keyring item back, or run `applockctl reset-passcode %1$s` (system authentication) and set a new passcode.", app),
            urgency: .critical
        ).send(on: bus) { [weak self] why in self?.notificationFailed("a tampered passcode", why) }
    }

    /// Tells the user, in one notification, that the AppLock passcode's item was tampered with, naming every app that
    /// uses it (each stays locked) by its desktop entry when it has one.
    func notifySharedTampered(_ apps: [AppID]) {
        let names = apps.map(displayName).joined(separator: ", ")
        DesktopNotification(
            summary: L("The AppLock passcode was tampered with"),
            body: L("The keyring item holding the AppLock passcode was removed or replaced outside AppLock, so these apps stay locked: %1$s.", names)
                + " " + L("Put the original keyring item back, or run `applockctl reset-passcode APP` for each of them (system authentication)."),
            urgency: .critical
        ).send(on: bus) { [weak self] why in self?.notificationFailed("a tampered passcode", why) }
    }

    /// Tells the user of the failed attempts `app` missed, named by its desktop entry when it has one. The agent
    /// hands each record out once (``MissedAttemptLog/takeReport(_:)``), so this runs once per record.
    func notifyMissedAttempts(_ app: AppID, _ record: MissedAttemptLog.Record) {
        MissedAttemptNotice.notification(record, appName: displayName(app)).send(on: bus) { [weak self] why in
            self?.notificationFailed("missed attempts", why)
        }
    }

    /// The name the user knows `app` by: its desktop entry's, else its id.
    private func displayName(_ app: AppID) -> String {
        DesktopEntry.find(app, in: configuration.dataDirectories)?.name ?? app.rawValue
    }

    private func notificationFailed(_ subject: String, _ why: String) {
        guard notificationFailuresLogged.insert(subject).inserted else { return }
        logger.warning("the notification about \(subject) was not shown (not logged again)",
                       metadata: ["error": "\(why)"])
    }
}
