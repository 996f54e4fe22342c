import AppLockCore
import AppLockProtocol
import DBusKit

/// The desktop notification (`org.freedesktop.Notifications.Notify`) the agent sends when it finds an app's passcode
/// item removed from the keyring or replaced: once per app and episode (until the original item verifies again or
/// the passcode is reset), naming the app and what to do, never the passcode or its hash. Sent without waiting for
/// the answer, so a session without a notification server changes no answer; the first failure is logged.
extension Agent {
    /// Tells the user, unless this episode of `app` was told already.
    func notifyTampered(_ app: AppID) {
        guard tamperedAppsNotified.insert(app).inserted else { return }
        let arguments: [DBusValue] = [
            .string("AppLock"), .uint32(0), .string("dialog-warning"),
            .string("The passcode of \(app) was tampered with"),
            .string("The keyring item holding the passcode of \(app) was removed or replaced outside AppLock, so "
                + "\(app) stays locked. Put the original keyring item back, or run "
                + "`applockctl reset-passcode \(app)` (system authentication) and set a new passcode."),
            .stringArray([]),
            .stringVariantDictionary([("urgency", .byte(2)), ("desktop-entry", .string("io.github.applock.Settings"))]),
            .int32(-1),
        ]
        let destination = "org.freedesktop.Notifications"
        guard let message = try? Message.methodCall(
            destination: destination, path: ObjectPath("/org/freedesktop/Notifications"), interface: destination,
            member: "Notify", arguments: arguments)
        else { return tamperNotificationFailed("cannot build the notification") }
        bus.call(message, timeout: .seconds(10)) { [weak self] result in
            if case .failure(let error) = result { self?.tamperNotificationFailed("\(error)") }
        }
    }

    /// The episode of `app` ended (its original item verified, or its passcode was removed or reset): a later
    /// tampering is told again.
    func tamperEpisodeEnded(_ app: AppID) {
        tamperedAppsNotified.remove(app)
    }

    private func tamperNotificationFailed(_ why: String) {
        guard !tamperNotificationFailureLogged else { return }
        tamperNotificationFailureLogged = true
        logger.warning("the notification about a tampered passcode was not shown (not logged again)",
                       metadata: ["error": "\(why)"])
    }
}
